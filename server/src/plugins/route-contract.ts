import type { Schema } from "@contract/schema";
import type { FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from "fastify";
import fp from "fastify-plugin";
import { parseInput } from "../domain-errors.js";
import { idempotencyKey, requiredIdempotencyKey } from "../routes/idempotency-key.js";
import { type Access, type RouteContract, validationSchema } from "../routes/route-contract.js";
import { NOTICE_TOKEN_PREFIX } from "../services/auth/tokens.js";
import { isBoardCode } from "../services/kitchen/board-service.js";
import { bearerToken, requireRole, requireUser } from "./auth.js";

/** Stands for "no body was sent": Fastify hands validators `null` for both that and a JSON `null`. */
const NO_BODY = Symbol("no body");

/** The access rule of a declared kind, or null for kinds anyone may call. */
function accessCheck(access: Access): ((request: FastifyRequest) => void) | null {
  switch (access) {
    case "public":
    case "optional":
      return null;
    case "user":
      return (request) => void requireUser(request);
    case "staff":
      return (request) => void requireRole(request, "staff");
    case "staff or board code":
      return (request) => {
        if (!isBoardCode(bearerToken(request.headers.authorization))) requireRole(request, "staff");
      };
    case "user or notice token":
      return (request) => {
        if (!bearerToken(request.headers.authorization)?.startsWith(NOTICE_TOKEN_PREFIX))
          requireUser(request);
      };
  }
}

/**
 * One hook per declared route, in the order the handlers used to check: who may call (401/403), the
 * Idempotency-Key, then (Fastify's validation) the input. A notice token names one order and status, so that
 * kind is checked after the input instead.
 */
function routeHooks(contract: RouteContract): {
  beforeInput: preValidationHookHandler | null;
  afterInput: preHandlerHookHandler | null;
} {
  const check = accessCheck(contract.access);
  const checkAfterInput = contract.access === "user or notice token";
  const before = checkAfterInput ? null : check;
  const after = checkAfterInput ? check : null;
  const markNoBody = validationSchema(contract).body !== undefined;
  const key = contract.idempotencyKey;
  const afterInput: preHandlerHookHandler | null = after
    ? (request, _reply, done) => {
        try {
          after(request);
          done();
        } catch (error) {
          done(error as Error);
        }
      }
    : null;
  // Public catalogue reads need none of it: no hook at all on the hot path.
  if (!before && !key && !markNoBody) return { beforeInput: null, afterInput };
  const beforeInput: preValidationHookHandler = (request, _reply, done) => {
    try {
      before?.(request);
      if (key === "required") requiredIdempotencyKey(request);
      else if (key === "optional") idempotencyKey(request);
      if (markNoBody && request.body === undefined) request.body = NO_BODY;
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  return { beforeInput, afterInput };
}

/**
 * Routes that declare a contract are validated with its zod schemas, and refused the way parseInput refuses
 * (400 naming the field, 422 for an unknown one), through the error handler like every other refusal.
 * Register before any route.
 */
export default fp(
  async (app) => {
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const zod = schema as Schema;
      const isBody = httpPart === "body";
      return (data: unknown) => {
        try {
          return { value: parseInput(zod, isBody && data === NO_BODY ? undefined : data) };
        } catch (error) {
          return { error: error as Error };
        }
      };
    });
    app.addHook("onRoute", (route) => {
      const contract = route.config?.contract;
      if (!contract) return;
      const { beforeInput, afterInput } = routeHooks(contract);
      if (beforeInput)
        route.preValidation = [[route.preValidation ?? []].flat(), beforeInput].flat();
      if (afterInput) route.preHandler = [[route.preHandler ?? []].flat(), afterInput].flat();
    });
  },
  { name: "route-contract" },
);
