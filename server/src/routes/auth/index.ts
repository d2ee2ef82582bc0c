import { loginRequestSchema, registerRequestSchema } from "@contract/auth";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import {
  createLoginThrottle,
  type LoginThrottleOptions,
  normaliseEmail,
} from "@server/services/limits/login-throttle.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface AuthRouteOptions {
  /** Sign-in requests per address per minute, whatever their outcome (a flood guard). */
  loginRateLimitPerMinute: number;
  /** Sign-ups per address per 10 minutes. */
  registerRateLimitPer10Minutes: number;
  /** Failed sign-ins per account and per address (see login-throttle.ts). */
  throttle: Omit<LoginThrottleOptions, "logError">;
  /** Device cookies carry `Secure` (production); over https they always do. */
  secureCookies?: boolean;
}

export default async function authRoutes(app: FastifyInstance, options: AuthRouteOptions) {
  const auth = app.services.auth;
  const devices = app.deviceCookies;
  const issueDeviceCookie = (request: FastifyRequest, reply: FastifyReply, email: string) =>
    reply.header(
      "set-cookie",
      devices.issue(email, options.secureCookies === true || request.protocol === "https"),
    );
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
      const email = normaliseEmail(input.email);
      const registered = await auth.register({ ...input, email });
      issueDeviceCookie(request, reply, email);
      return reply.status(201).send(registered);
    },
  );

  app.post(
    "/login",
    {
      config: {
        rateLimit: {
          max: options.loginRateLimitPerMinute,
          timeWindow: "1 minute",
          // A known device has an allowance of its own: a flood from its address does not hold it up.
          keyGenerator: (request) => {
            const device = devices.any(request.headers.cookie);
            return device ? `device:${device}` : request.ip;
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(loginRequestSchema, request.body);
      const email = normaliseEmail(input.email);
      const device = devices.forAccount(request.headers.cookie, email);
      const signedIn = await throttle.attempt({ email, address: request.ip, device }, () =>
        auth.login({ ...input, email }),
      );
      issueDeviceCookie(request, reply, email);
      return signedIn;
    },
  );

  app.get("/me", async (request) => auth.profile(requireUser(request).id));
}
