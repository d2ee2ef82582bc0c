import { InvalidInput } from "@server/domain-errors.js";
import type { FastifyRequest } from "fastify";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The optional `Idempotency-Key` header: a retry with the same key answers the same order. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new InvalidInput(
      "Idempotency-Key must be 8 to 100 letters, digits, '-', '_', ':' or '.'",
    );
  }
  return key;
}
