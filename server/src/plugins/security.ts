import { createHash } from "node:crypto";
import { SHELL_GUARD_SCRIPT } from "@contract/shell-guard.mjs";
import rateLimit from "@fastify/rate-limit";
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../db/unavailable.js";
import { HttpError } from "../http-error.js";
import { rateLimitStoreWithFallback } from "../services/limits/fallback-store.js";
import { dbErrorStatus } from "./input-guard.js";
import securityHeaders from "./security-headers.js";

export interface SecurityOptions {
  /** Stripe.js is loaded on the payment screen (a publishable key is configured): let exactly it in. */
  stripeJs?: boolean;
}

/**
 * What Stripe.js needs (Stripe's CSP guide): its script and its hidden frames from js.stripe.com, and calls to
 * api.stripe.com. Nothing of Stripe's otherwise: the hosted checkout is a navigation, which the CSP does not govern.
 */
const STRIPE_JS = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** The shell's one inline script (contract/shell-guard.mjs), allowed by its hash and nothing else inline. */
const SHELL_GUARD_HASH = `'sha256-${createHash("sha256").update(SHELL_GUARD_SCRIPT).digest("base64")}'`;

/**
 * Security headers, rate limiting (opt-in per route) and one error shape: `{ message }`.
 * With REDIS_URL (plugins/redis.ts, registered before this one) every limit is counted in Redis, shared by all nodes
 * (per node while Redis is away).
 */
export default fp<SecurityOptions>(
  async (app, options) => {
    const stripe = options.stripeJs === true;
    await app.register(securityHeaders, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", SHELL_GUARD_HASH, ...(stripe ? STRIPE_JS.script : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          connectSrc: ["'self'", "ws:", "wss:", ...(stripe ? STRIPE_JS.connect : [])],
          frameSrc: ["'self'", ...(stripe ? STRIPE_JS.script : [])],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    const shared = app.hasDecorator("shared") ? app.shared : null;
    await app.register(rateLimit, {
      global: false,
      ...(shared
        ? {
            // Counted in Redis; per node while Redis is away (never unlimited, never waiting on Redis).
            store: rateLimitStoreWithFallback(shared.client, `${shared.prefix}rate-limit:`),
            skipOnError: true,
          }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError)
        return reply.status(error.statusCode).send({ message: error.message });
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
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error(error);
        return reply
          .status(status)
          .send({ message: "Something went wrong on our side. Please try again." });
      }
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON"
          : error.message;
      return reply.status(status).send({ message });
    });
  },
  { name: "security" },
);
