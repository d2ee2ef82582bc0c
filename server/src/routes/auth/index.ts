import type { FastifyInstance } from "fastify";
import { loginRequestSchema, registerRequestSchema } from "../../../../contract/auth";
import { parseInput } from "../../http-error.js";
import { requireUser } from "../../plugins/auth.js";

export default async function authRoutes(app: FastifyInstance, options: { loginRateLimitPerMinute: number }) {
  const auth = app.services.auth;

  app.post("/register", async (request, reply) => {
    const input = parseInput(registerRequestSchema, request.body);
    return reply.status(201).send(await auth.register(input));
  });

  app.post(
    "/login",
    {
      config: {
        rateLimit: {
          max: options.loginRateLimitPerMinute,
          timeWindow: "1 minute",
          // After body parsing, so the key below can see the email (onRequest runs before it).
          hook: "preHandler",
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}:${typeof email === "string" ? email.toLowerCase() : ""}`;
          },
        },
      },
    },
    async (request) => auth.login(parseInput(loginRequestSchema, request.body)),
  );

  app.get("/me", async (request) => auth.profile(requireUser(request).id));
}
