/**
 * Idempotency-Keys: every purchase is a checkout, claimed under the customer's key (none: a purchase of its own)
 * with the SHA-256 of its canonical request (contract/checkout-request.ts says what a key covers). A retry is
 * answered with the same checkout; the key with another request is refused (422, as Stripe answers).
 */
import { createHash } from "node:crypto";
import { canonicalRequest, type KeyedRequest } from "@contract/checkout-request";
import type { PaymentMethod } from "@contract/orders";
import type { Queryable } from "@server/db/database.js";
import { type CheckoutRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import { Conflict, KeyReused } from "@server/domain-errors.js";

export { CHECKOUT_KEY_REUSED, ORDER_KEY_REUSED } from "@contract/checkout-request";

export const CHECKOUT_IN_PROGRESS =
  "This checkout is already being placed. Please try again in a moment.";

/** What a key covers, as the server keeps it. */
export const requestHash = (request: KeyedRequest): string =>
  createHash("sha256").update(canonicalRequest(request)).digest("hex");

/** A purchase's key: null when the caller sent none (each such request is a purchase of its own). */
export interface PurchaseKey {
  key: string | null;
  request: KeyedRequest;
  /** The 422's message when the key came with another request. */
  reusedMessage: string;
}

/**
 * Inside the purchase's transaction, its carts locked: the checkout this purchase is, or the earlier one under the
 * same key. A duplicate waits on the key's unique index until the first commits (then finds it) or rolls back.
 */
export async function claimCheckout(
  tx: Queryable,
  input: {
    userId: number;
    purchaseKey: PurchaseKey;
    paymentMethod: PaymentMethod;
    vendorIds: readonly number[];
  },
): Promise<{ earlier: CheckoutRow } | { checkoutId: number }> {
  const checkouts = checkoutsRepository(tx);
  const hash = requestHash(input.purchaseKey.request);
  const { key } = input.purchaseKey;
  const claimed = await checkouts.claim({
    userId: input.userId,
    key,
    requestHash: hash,
    paymentMethod: input.paymentMethod,
    vendorIds: input.vendorIds,
    status: input.paymentMethod === "stripe" ? "awaiting_payment" : "placed",
  });
  if (claimed) return { checkoutId: claimed.id };
  return { earlier: await earlierUnderKey(tx, input.userId, input.purchaseKey, hash) };
}

/** The checkout that claimed the key first: none yet is still being placed; another request under it is refused. */
export async function earlierUnderKey(
  q: Queryable,
  userId: number,
  purchaseKey: PurchaseKey,
  hash: string,
): Promise<CheckoutRow> {
  const earlier =
    purchaseKey.key === null
      ? null
      : await checkoutsRepository(q).findByKey(userId, purchaseKey.key);
  if (!earlier) throw new Conflict(CHECKOUT_IN_PROGRESS);
  return sameRequest(earlier, purchaseKey, hash);
}

/** An earlier checkout under the key, if it was made by the same request (a replay); another request is refused. */
export function sameRequest(
  earlier: CheckoutRow,
  purchaseKey: PurchaseKey,
  hash: string,
): CheckoutRow {
  if (earlier.request_hash !== hash) throw new KeyReused(purchaseKey.reusedMessage);
  return earlier;
}
