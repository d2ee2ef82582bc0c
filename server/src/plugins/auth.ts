import type { Role, User } from "@contract/auth";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ServerConfig } from "../config.js";
import { forbidden, unauthorized } from "../http-error.js";
import { randomSecret, readOrCreateSecretFile } from "../services/secrets.js";
import { createTokenService, type TokenService } from "../services/tokens.js";

declare module "fastify" {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The verified bearer of the request's token, or null. */
    user: User | null;
    /** True when a token was sent but did not verify. */
    tokenRejected: boolean;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return match?.[1]?.trim() || null;
}

/** The signed-in user, or a 401 `{ message }`. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) {
    throw unauthorized(
      request.tokenRejected ? "Your session has expired. Please sign in again." : undefined,
    );
  }
  return request.user;
}

export function requireRole(request: FastifyRequest, role: Role): User {
  const user = requireUser(request);
  if (user.role !== role) throw forbidden();
  return user;
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const secret =
      config.jwtSecret ?? readOrCreateSecretFile(config.dataDir, "jwt-secret", randomSecret);
    const tokens = createTokenService(secret);
    app.decorate("tokens", tokens);
    app.decorateRequest("user", null);
    app.decorateRequest("tokenRejected", false);
    // Callback style: a request without a token (the public catalogue, assets) costs no promise.
    app.addHook("onRequest", (request, _reply, done) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return done();
      tokens.verify(token).then((user) => {
        request.user = user;
        request.tokenRejected = user === null;
        done();
      }, done);
    });
  },
  { name: "auth" },
);
