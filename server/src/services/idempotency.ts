import { createHash } from "node:crypto";
import type { Queryable } from "../db/database.js";
import { HttpError } from "../http-error.js";

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

export const requestHash = (body: unknown) =>
  createHash("sha256").update(canonicalJson(body)).digest("hex");

/** Stores the request's hash with the order its key created (same transaction as the insert). */
export async function rememberRequestHash(
  tx: Queryable,
  orderId: number,
  hash: string | null,
): Promise<void> {
  if (hash) await tx.query("update orders set request_hash = $2 where id = $1", [orderId, hash]);
}

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
