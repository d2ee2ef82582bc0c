import {
  loginRequestSchema,
  loginResponseSchema,
  profileSchema,
  registerRequestSchema,
  registerResponseSchema,
} from "@contract/auth";
import { requireUser } from "@server/plugins/auth.js";
import { normaliseEmail } from "@server/services/limits/login-throttle.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";

/** The spec's calls live at /auth, not under /api. */
export const mountAt = "/auth";

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

  declareRoute(
    app,
    "POST",
    "/register",
    {
      operationId: "register",
      summary: "Create a customer account and sign in",
      tag: "Accounts",
      access: "public",
      body: registerRequestSchema,
      responses: {
        201: { description: "Account created; the token signs in", schema: registerResponseSchema },
        409: errorAnswer("An account with this email already exists"),
        429: errorAnswer("Too many sign-ups from this address"),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const email = normaliseEmail(input.email);
      const registered = await auth.register({ ...input, email });
      issueDeviceCookie(request, reply, email);
      return reply.status(201).send(registered);
    },
    {
      config: {
        rateLimit: { max: config.registerRateLimitPer10Minutes, timeWindow: "10 minutes" },
      },
    },
  );

  declareRoute(
    app,
    "POST",
    "/login",
    {
      operationId: "login",
      summary: "Sign in with email and password",
      tag: "Accounts",
      access: "public",
      body: loginRequestSchema,
      responses: {
        200: { description: "Signed in", schema: loginResponseSchema },
        401: errorAnswer("Wrong email or password"),
        429: errorAnswer("Too many attempts (the Retry-After header says how long to wait)"),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const email = normaliseEmail(input.email);
      const device = devices.forAccount(request.headers.cookie, email);
      const signedIn = await throttle.attempt({ email, address: request.ip, device }, () =>
        auth.login({ ...input, email }),
      );
      issueDeviceCookie(request, reply, email);
      return signedIn;
    },
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
  );

  declareRoute(
    app,
    "GET",
    "/me",
    {
      operationId: "profile",
      summary: "The signed-in user's profile",
      tag: "Accounts",
      access: "user",
      responses: { 200: { description: "The profile", schema: profileSchema } },
    },
    async (request) => auth.profile(requireUser(request).id),
  );
}
