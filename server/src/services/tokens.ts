import type { Role, User } from "@contract/auth";
import { jwtVerify, SignJWT } from "jose";

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenService {
  sign(user: User): Promise<string>;
  /** The user the token names, or null when it is forged, malformed or expired. */
  verify(token: string): Promise<User | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (user) =>
      new SignJWT({ email: user.email, name: user.name, role: user.role })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const id = Number(payload.sub);
        if (!Number.isInteger(id)) return null;
        return {
          id,
          email: String(payload.email ?? ""),
          name: String(payload.name ?? payload.email ?? ""),
          role: (payload.role === "staff" ? "staff" : "customer") as Role,
        };
      } catch {
        return null;
      }
    },
  };
}
