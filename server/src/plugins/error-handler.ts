import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../db/unavailable.js";
import {
  Conflict,
  type DomainError,
  Forbidden,
  InvalidInput,
  KeyReused,
  LimitReached,
  NotFound,
  PaymentIncomplete,
  RateLimited,
  Unauthorized,
  Unavailable,
  UnknownField,
  UnusableField,
  UpstreamFailed,
} from "../domain-errors.js";
import { dbErrorStatus } from "./input-guard.js";

/** Answers a request no route serves (the app shell for a page address) and says so; false leaves it a 404. */
export type UnknownAddressAnswer = (request: FastifyRequest, reply: FastifyReply) => boolean;

declare module "fastify" {
  interface FastifyInstance {
    /** Lets the static plugin answer page addresses no route serves; everything else stays a 404 `{ message }`. */
    answerUnknownAddresses(answer: UnknownAddressAnswer): void;
  }
}

/** The HTTP status that carries each kind of refusal; the services that throw them never see these numbers. */
const STATUS_OF: readonly (readonly [abstract new (...args: never[]) => DomainError, number])[] = [
  [InvalidInput, 400],
  [Unauthorized, 401],
  [PaymentIncomplete, 402],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [LimitReached, 422],
  [KeyReused, 422],
  [UnknownField, 422],
  [UnusableField, 422],
  [RateLimited, 429],
  [UpstreamFailed, 502],
  [Unavailable, 503],
];

/** The status a domain error answers with; null for anything else. */
export function domainErrorStatus(error: unknown): number | null {
  for (const [kind, status] of STATUS_OF) if (error instanceof kind) return status;
  return null;
}

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

/** A write that names an account the database no longer has (foreign key to users, SQLSTATE 23503). */
export function isMissingAccount(error: unknown): boolean {
  const { code, detail, constraint } = (error ?? {}) as {
    code?: unknown;
    detail?: unknown;
    constraint?: unknown;
  };
  if (code !== "23503") return false;
  return (
    (typeof detail === "string" && /not present in table "users"/.test(detail)) ||
    (typeof constraint === "string" && /_user_id_fkey$/.test(constraint))
  );
}

const SERVER_FAULT_MESSAGE = "Something went wrong on our side. Please try again.";

/** Every error, from a service's refusal to a database that is away, answers `{ message }`. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = domainErrorStatus(error);
  if (status !== null) {
    if (error instanceof RateLimited) reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.status(status).send({ message: error.message });
  }
  if (isMissingAccount(error)) {
    // The account was removed after its token was read (another node, an operator): signed out, not a fault.
    const id = request.user?.id;
    if (id !== undefined) request.server.currentUsers?.forget(id);
    return reply.status(401).send({ message: SESSION_EXPIRED_MESSAGE });
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away (restart, failover, network): a retryable 503, never a 500. The pool
    // reconnects by itself; clients retry after Retry-After with the same Idempotency-Key.
    request.log.warn(
      { err: (error as Error).message, route: request.routeOptions.url },
      "database unavailable",
    );
    return reply
      .status(503)
      .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  const dbStatus = dbErrorStatus(error);
  if (dbStatus !== null) {
    // A last guard: the contract should have refused this value; log it (without SQL parameters) to fix that.
    request.log.warn(
      { code: (error as { code?: string }).code, route: request.routeOptions.url },
      "database refused a value",
    );
    return reply
      .status(dbStatus)
      .send({ message: "The request contains a value that is out of range or not allowed" });
  }
  // Fastify's own refusals (a body too large, a rate limit) carry their status; anything else is our fault.
  const fastifyStatus = error.statusCode ?? 500;
  if (fastifyStatus >= 500) {
    request.log.error(error);
    return reply.status(fastifyStatus).send({ message: SERVER_FAULT_MESSAGE });
  }
  const message =
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
      ? "The request body is not valid JSON"
      : error.message;
  return reply.status(fastifyStatus).send({ message });
}

/** One place that turns errors and unknown addresses into HTTP answers. Register before any route. */
export default fp(
  async (app) => {
    let unknownAddressAnswer: UnknownAddressAnswer | null = null;
    app.decorate("answerUnknownAddresses", (answer: UnknownAddressAnswer) => {
      unknownAddressAnswer = answer;
    });
    app.setErrorHandler(answerError);
    app.setNotFoundHandler((request, reply) => {
      if (unknownAddressAnswer?.(request, reply)) return;
      const pathname = request.url.split("?")[0] ?? "/";
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    });
  },
  { name: "error-handler" },
);
