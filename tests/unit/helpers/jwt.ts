/** Builds a JWT-shaped token for client tests; the client never checks the signature. */
export function craftToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.not-a-real-signature`;
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/** Claims of a customer token expiring `expiresInMs` after `now`. */
export function customerClaims(
  now: number,
  expiresInMs: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    sub: "7",
    email: "ada@foodpark.test",
    name: "Ada Lovelace",
    role: "customer",
    exp: Math.floor((now + expiresInMs) / 1000),
    ...overrides,
  };
}

export function customerToken(
  now: number,
  expiresInMs: number,
  overrides: Record<string, unknown> = {},
) {
  return craftToken(customerClaims(now, expiresInMs, overrides));
}
