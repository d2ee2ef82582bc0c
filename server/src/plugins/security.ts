import { createHash } from "node:crypto";
import { SHELL_GUARD_SCRIPT } from "@contract/shell-guard.mjs";
import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { rateLimitStoreWithFallback } from "../services/limits/fallback-store.js";
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
 * Security headers and rate limiting (opt-in per route); a refused request answers `{ message }` (error-handler.ts).
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
            store: rateLimitStoreWithFallback(
              shared.client,
              `${shared.prefix}rate-limit:`,
              shared.circuit,
            ),
            skipOnError: true,
          }
        : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: "security" },
);
