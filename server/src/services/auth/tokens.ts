import { createHmac, timingSafeEqual } from "node:crypto";
import type { Role, User } from "@contract/auth";
import { setBounded } from "@server/lib/bounded-map.js";

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Verified tokens remembered at most (each only until it expires): a park's signed-in phones fit many times. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export interface TokenService {
  sign(user: User): Promise<string>;
  /**
   * The user the token names (claims as signed: id, email, name, role), or null when it is forged, malformed,
   * expired or has no expiry. Synchronous HMAC check; a token verified before comes from the cache.
   */
  verifySync(token: string): User | null;
  /** Promise form of verifySync (socket sign-in). */
  verify(token: string): Promise<User | null>;
  /** How many tokens were checked by HMAC (cache misses): tests show a token is verified once, not per request. */
  readonly verifications: number;
  /**
   * A notice token: lets a service worker (which holds no sign-in) say that ONE order's status notification was
   * shown, and nothing else. Carried in that push's payload; valid NOTICE_TOKEN_LIFETIME_SECONDS.
   */
  signNotice(orderId: number, status: string): string;
  /** The order and status a notice token names, or null (forged, malformed or expired). */
  verifyNotice(token: string): { orderId: number; status: string } | null;
}

/** Notice tokens start with this (a sign-in token never does). */
export const NOTICE_TOKEN_PREFIX = "fpnotice.";
export const NOTICE_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

interface CachedToken {
  user: User;
  /** The token's own expiry, in ms: the entry never outlives it. */
  expiresAtMs: number;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * HS256 JWTs with node:crypto: signing and a synchronous verification (constant-time comparison), with a bounded
 * cache of verified tokens. Only HS256 is accepted (no `none`, no other algorithm), and only tokens with an `exp`.
 */
export function createTokenService(
  secret: string,
  options: { now?: () => number; cacheSize?: number } = {},
): TokenService {
  const now = options.now ?? (() => Date.now());
  const cacheSize = options.cacheSize ?? VERIFIED_TOKEN_CACHE_SIZE;
  const cache = new Map<string, CachedToken>();
  let verifications = 0;
  const mac = (data: string) => createHmac("sha256", secret).update(data).digest();

  function check(token: string): CachedToken | null {
    verifications += 1;
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = parseJson(headerPart) as { alg?: unknown; crit?: unknown } | null;
    if (!header || typeof header !== "object" || header.alg !== "HS256" || header.crit) return null;
    const expected = mac(`${headerPart}.${payloadPart}`);
    const given = Buffer.from(signaturePart, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = parseJson(payloadPart) as Record<string, unknown> | null;
    if (!claims || typeof claims !== "object" || Array.isArray(claims)) return null;
    const exp = claims.exp;
    // A token without an expiry would be good forever: refused.
    if (typeof exp !== "number" || !Number.isFinite(exp)) return null;
    if (typeof claims.nbf === "number" && claims.nbf * 1000 > now()) return null;
    const id = Number(claims.sub);
    if (typeof claims.sub !== "string" || !Number.isSafeInteger(id) || id <= 0) return null;
    return {
      expiresAtMs: exp * 1000,
      user: {
        id,
        email: String(claims.email ?? ""),
        name: String(claims.name ?? claims.email ?? ""),
        role: (claims.role === "staff" ? "staff" : "customer") as Role,
      },
    };
  }

  function verifySync(token: string): User | null {
    const at = now();
    const cached = cache.get(token);
    if (cached) {
      if (cached.expiresAtMs > at) return cached.user;
      cache.delete(token);
      return null;
    }
    const verified = check(token);
    if (!verified || verified.expiresAtMs <= at) return null;
    setBounded(cache, token, verified, cacheSize);
    return verified.user;
  }

  return {
    async sign(user) {
      const issuedAt = Math.floor(now() / 1000);
      const payload = Buffer.from(
        JSON.stringify({
          email: user.email,
          name: user.name,
          role: user.role,
          sub: String(user.id),
          iat: issuedAt,
          exp: issuedAt + TOKEN_LIFETIME_SECONDS,
        }),
      ).toString("base64url");
      const signature = mac(`${HEADER}.${payload}`).toString("base64url");
      return `${HEADER}.${payload}.${signature}`;
    },
    verifySync,
    verify: async (token) => verifySync(token),
    signNotice(orderId, status) {
      const expires = Math.floor(now() / 1000) + NOTICE_TOKEN_LIFETIME_SECONDS;
      const body = `${orderId}.${status}.${expires}`;
      // "notice|": a notice token's MAC can never pass for a sign-in token's, nor the other way round.
      return `${NOTICE_TOKEN_PREFIX}${body}.${mac(`notice|${body}`).toString("base64url")}`;
    },
    verifyNotice(token) {
      if (!token.startsWith(NOTICE_TOKEN_PREFIX)) return null;
      const parts = token.slice(NOTICE_TOKEN_PREFIX.length).split(".");
      if (parts.length !== 4) return null;
      const [orderPart, status, expiresPart, signature] = parts as [string, string, string, string];
      const expected = mac(`notice|${orderPart}.${status}.${expiresPart}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const orderId = Number(orderPart);
      const expires = Number(expiresPart);
      if (!Number.isSafeInteger(orderId) || orderId <= 0 || !Number.isFinite(expires)) return null;
      if (expires * 1000 <= now()) return null;
      return { orderId, status };
    },
    get verifications() {
      return verifications;
    },
  };
}
