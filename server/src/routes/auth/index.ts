import { loginRequestSchema, registerRequestSchema } from "@contract/auth";
import { parseInput } from "@server/http-error.js";
import { requireUser } from "@server/plugins/auth.js";
import {
  createLoginThrottle,
  type LoginThrottleOptions,
  normaliseEmail,
  TooManyAttempts,
} from "@server/services/limits/login-throttle.js";
import type { FastifyInstance } from "fastify";

export interface AuthRouteOptions {
  /** Sign-in requests per address per minute, whatever their outcome (a flood guard). */
  loginRateLimitPerMinute: number;
  /** Sign-ups per address per 10 minutes. */
  registerRateLimitPer10Minutes: number;
  /** Failed sign-ins per account and per address (see login-throttle.ts). */
  throttle: Omit<LoginThrottleOptions, "logError">;
}

export default async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const auth = app.services.auth;
  const throttle = createLoginThrottle({
    ...options.throttle,
    logError: (error, context) => app.log.error({ err: error }, context),
  });

  app.post(
    "/register",
    {
      config: {
        rateLimit: { max: options.registerRateLimitPer10Minutes, timeWindow: "10 minutes" },
      },
    },
    async (request, reply) => {
      const input = parseInput(registerRequestSchema, request.body);
      return reply
        .status(201)
        .send(await auth.register({ ...input, email: normaliseEmail(input.email) }));
    },
  );

  app.post(
    "/login",
    { config: { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const input = parseInput(loginRequestSchema, request.body);
      const email = normaliseEmail(input.email);
      try {
        return await throttle.attempt({ email, address: request.ip }, () =>
          auth.login({ ...input, email }),
        );
      } catch (error) {
        if (error instanceof TooManyAttempts)
          reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get("/me", async (request) => auth.profile(requireUser(request).id));
}
