import { IDEMPOTENCY_KEY_INVALID, idempotencyKeySchema } from "@contract/checkout-request";
import { InvalidInput } from "@server/domain-errors.js";
import type { FastifyRequest } from "fastify";
import { safeParse } from "zod/mini";

/**
 * The `Idempotency-Key` header of a purchase (contract/checkout-request.ts says what it covers): a retry with the
 * same key answers the same purchase. Null when absent.
 */
export function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !safeParse(idempotencyKeySchema, key).success)
    throw new InvalidInput(IDEMPOTENCY_KEY_INVALID);
  return key;
}

/** The `Idempotency-Key` header where a call cannot go without one (the park-basket checkout). */
export function requiredIdempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKey(request);
  if (!key)
    throw new InvalidInput(
      "Idempotency-Key header is required: one key per checkout, the same key when retrying",
    );
  return key;
}
