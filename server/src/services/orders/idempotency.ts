import { createHash } from "node:crypto";
import type { CheckoutRequest } from "@contract/basket";
import { canonicalCheckoutRequest } from "@contract/checkout-request";
import type { Queryable } from "@server/db/database.js";
import { HttpError } from "@server/http-error.js";

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "This Idempotency-Key was already used for a different order. Use a new key for a new order.";

/** JSON with object keys sorted at every level: the same request always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** POST /orders: what its key covers is the whole request body, whatever the order of its fields. */
export const requestHash = (body: unknown) => sha256(canonicalJson(body));

/** A checkout: what its key covers is the canonical request the client keys by too (contract/checkout-request.ts). */
export const checkoutRequestHash = (request: CheckoutRequest) =>
  sha256(canonicalCheckoutRequest(request));

/** A replay must carry the request that made the order; otherwise 422, as Stripe answers. */
export async function assertSameRequest(
  tx: Queryable,
  orderId: number,
  hash: string | null,
): Promise<void> {
  if (!hash) return;
  const [row] = await tx.query<{ request_hash: string | null }>(
    "select request_hash from orders where id = $1",
    [orderId],
  );
  if (row?.request_hash && row.request_hash !== hash)
    throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
}
