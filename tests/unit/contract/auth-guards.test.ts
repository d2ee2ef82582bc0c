import { tokenClaimsSchema, userSchema } from "@contract/auth";
import { readTokenClaims, readUser } from "@contract/auth-guards";
import { describe, expect, it } from "vitest";

const users: unknown[] = [
  { id: 1, email: "a@b.test", name: "A", role: "customer" },
  { id: 2, email: "s@b.test", name: "S", role: "staff", extra: "dropped" },
  { id: 1.5, email: "a@b.test", name: "A", role: "customer" },
  { id: "1", email: "a@b.test", name: "A", role: "customer" },
  { id: 1, email: "a@b.test", name: "A", role: "admin" },
  { id: 1, email: "a@b.test", role: "customer" },
  { id: 1, email: 5, name: "A", role: "customer" },
  null,
  [],
  "user",
];

const claims: unknown[] = [
  { sub: "1", email: "a@b.test", role: "customer" },
  { sub: "1", email: "a@b.test", role: "customer", name: "A", exp: 1_800_000_000, iat: 1 },
  { sub: 1, email: "a@b.test", role: "customer" },
  { sub: "1", email: "a@b.test", role: "customer", exp: "soon" },
  { sub: "1", email: "a@b.test", role: "customer", name: 7 },
  { sub: "1", role: "customer" },
  null,
];

describe("zod-free auth guards agree with the contract schemas", () => {
  it.each(users.map((value) => [JSON.stringify(value), value]))("user %s", (_label, value) => {
    const parsed = userSchema.safeParse(value);
    expect(readUser(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it.each(claims.map((value) => [JSON.stringify(value), value]))("claims %s", (_label, value) => {
    const parsed = tokenClaimsSchema.safeParse(value);
    expect(readTokenClaims(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
