import type { Role, TokenClaims, User } from "./auth";

/**
 * zod-free readers for the shapes the client checks at start-up (stored user, token claims), so the first
 * screen needs no schema library. They accept exactly what `userSchema` / `tokenClaimsSchema` accept and
 * return the same stripped objects (tests/unit/contract/auth-guards.test.ts holds them to that).
 */
const ROLE_VALUES: readonly Role[] = ["customer", "staff"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function readUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const { id, email, name, role } = value;
  if (typeof id !== "number" || !Number.isInteger(id)) return null;
  if (typeof email !== "string" || typeof name !== "string") return null;
  if (!ROLE_VALUES.includes(role as Role)) return null;
  return { id, email, name, role: role as Role };
}

export function readTokenClaims(value: unknown): TokenClaims | null {
  if (!isRecord(value)) return null;
  const { sub, email, name, role, exp } = value;
  if (typeof sub !== "string" || typeof email !== "string" || typeof role !== "string") return null;
  if (name !== undefined && typeof name !== "string") return null;
  if (exp !== undefined && (typeof exp !== "number" || Number.isNaN(exp))) return null;
  const claims: TokenClaims = { sub, email, role };
  if (name !== undefined) claims.name = name;
  if (exp !== undefined) claims.exp = exp;
  return claims;
}
