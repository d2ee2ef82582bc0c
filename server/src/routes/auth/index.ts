import { loginRequestSchema, registerRequestSchema } from "@contract/auth";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import { normaliseEmail } from "@server/services/limits/login-throttle.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The spec's /auth calls: sign-up, sign-in (flood guard and failed sign-in throttle) and the profile. */
export default async function authRoutes(app: FastifyInstance) {
  const { auth, loginThrottle: throttle } = app.services;
  const { config } = app;
  const devices = app.deviceCookies;
  // Device cookies carry `Secure` in production; over https they always do.
  const issueDeviceCookie = (request: FastifyRequest, reply: FastifyReply, email: string) =>
    reply.header(
      "set-cookie",
      devices.issue(email, config.production || request.protocol === "https"),
    );

  app.post(
    "/register",
    {
      config: {
        rateLimit: { max: config.registerRateLimitPer10Minutes, timeWindow: "10 minutes" },
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
          max: config.loginRateLimitPerMinute,
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
