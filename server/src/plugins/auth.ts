import type { Role, User } from "@contract/auth";
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { ServerConfig } from "../config.js";
import { Forbidden, Unauthorized } from "../domain-errors.js";
import {
  ACCOUNT_CHANGES_CHANNEL,
  type CurrentUsers,
  createCurrentUsers,
} from "../services/auth/current-users.js";
import { randomSecret, readOrCreateSecretFile } from "../services/auth/secrets.js";
import { createTokenService, type TokenService } from "../services/auth/tokens.js";
import { createDeviceCookies, type DeviceCookies } from "../services/limits/device-cookies.js";
import { SESSION_EXPIRED_MESSAGE } from "./error-handler.js";

declare module "fastify" {
  interface FastifyInstance {
    tokens: TokenService;
    /** Accounts as the database has them now (cached briefly): who exists, with which role. */
    currentUsers: CurrentUsers;
    /** Signed cookies that mark a device an account has signed in on before (the sign-in lockout spares it). */
    deviceCookies: DeviceCookies;
    /**
     * Socket sign-in: the token's account as the database has it now (null: bad token or removed account). While
     * the database does not answer, the token's own claims stand in: an outage never signs a socket out.
     */
    socketUser(token: string): Promise<User | null>;
  }
  interface FastifyRequest {
    /**
     * The bearer of the request's token as the database has the account now (role included), or null. Filled in
     * before the handler on every route that may read the user; public routes never look at the token.
     */
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
    throw new Unauthorized(request.tokenRejected ? SESSION_EXPIRED_MESSAGE : undefined);
  }
  return request.user;
}

export function requireRole(request: FastifyRequest, role: Role): User {
  const user = requireUser(request);
  if (user.role !== role) throw new Forbidden();
  return user;
}

/**
 * Route patterns that never read the user: their requests carry the customer's token (the app sends it on every
 * call) but it is neither verified nor looked up, so the public menu never waits on either. Everything outside
 * `/api/` and `/auth/` (the app shell, assets, health, the test checkout) reads no user either. Skipping here can
 * only ever leave `request.user` empty (a 401 from requireUser), never grant anything.
 */
export const PUBLIC_ROUTE_PREFIXES = [
  "/api/vendors",
  "/api/menu-items",
  "/api/menu-search",
  "/api/config",
  "/api/push/public-key",
  "/api/payments/stripe/webhook",
  "/auth/login",
  "/auth/register",
];

export function routeReadsUser(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  if (!routeUrl.startsWith("/api/") && !routeUrl.startsWith("/auth/")) return false;
  return !PUBLIC_ROUTE_PREFIXES.some(
    (prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`),
  );
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const secret =
      config.jwtSecret ?? readOrCreateSecretFile(config.dataDir, "jwt-secret", randomSecret);
    const tokens = createTokenService(secret);
    const currentUsers = createCurrentUsers(app.db);
    // A removal or role change, on any node or by hand in SQL, reaches every node's cache at once.
    const stopFollowing = await app.db.listen(ACCOUNT_CHANGES_CHANNEL, {
      message: (id) => currentUsers.forget(Number(id)),
      listening: () => currentUsers.following(true),
      lost: () => currentUsers.following(false),
    });
    app.addHook("onClose", async () => stopFollowing());
    app.decorate("tokens", tokens);
    app.decorate("currentUsers", currentUsers);
    app.decorate("deviceCookies", createDeviceCookies(secret));
    app.decorate("socketUser", async (token: string) => {
      const claims = tokens.verifySync(token);
      if (!claims) return null;
      return currentUsers.get(claims.id).catch((error: unknown) => {
        app.log.warn({ err: error }, "account look-up failed; the socket keeps the token's claims");
        return claims;
      });
    });
    app.decorateRequest("user", null);
    app.decorateRequest("tokenRejected", false);
    // Callback style: a request without a token costs no promise and no look-up.
    const readUser: onRequestHookHandler = (request, _reply, done) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return done();
      const claims = tokens.verifySync(token);
      if (!claims) {
        request.tokenRejected = true;
        return done();
      }
      // The account as it is now: removed → 401, demoted → its new role (the database announces both, so the
      // cache never outlives them). A database error is an error (an outage answers as one), never a sign-out.
      currentUsers.get(claims.id).then((user) => {
        request.user = user;
        // A removed account is signed out on every route alike, before its input is even read.
        if (user === null) return done(new Unauthorized(SESSION_EXPIRED_MESSAGE));
        done();
      }, done);
    };
    // On the routes that may read the user only, first among their own hooks (where the global hook ran): a
    // public route (the menu) runs no hook at all for the token its caller sends on every call.
    app.addHook("onRoute", (route) => {
      if (!routeReadsUser(route.url)) return;
      route.onRequest = [readUser, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: "auth", dependencies: ["db"] },
);
