/**
 * Idempotency-Keys: what a key covers and where it is kept. The spec's POST /orders keeps its key on the order it
 * placed, with the hash of its whole body; every other purchase (a checkout of one trailer or several, cash or
 * card) keeps it on its checkout, with the hash of the canonical request (contract/checkout-request.ts). Both
 * answer the same purchase to a retry and refuse the key with another request (422, as Stripe answers).
 */
import { createHash } from "node:crypto";
import type { CheckoutRequest } from "@contract/basket";
import { canonicalCheckoutRequest } from "@contract/checkout-request";
import type { PaymentMethod } from "@contract/orders";
import type { Queryable } from "@server/db/database.js";
import { type CheckoutRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import {
  orderPlacementRepository,
  type PlacedOrderRow,
} from "@server/db/repositories/order-placement.js";
import { Conflict, KeyReused } from "@server/domain-errors.js";

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
  // An order placed with a key before migration 005 (2026-11-23) has no hash and is answered as before. Removal:
  // from 2026-12-03 no client can still hold such a key (a queued order lives 24 h, a checkout attempt one tab),
  // so a missing hash may then be refused like a different one.
  if (row?.request_hash && row.request_hash !== hash)
    throw new KeyReused(IDEMPOTENCY_MISMATCH_MESSAGE);
}

export const CHECKOUT_KEY_REUSED =
  "This Idempotency-Key was already used for a different checkout. Please start the checkout again.";
export const CHECKOUT_IN_PROGRESS =
  "This checkout is already being placed. Please try again in a moment.";
export const ORDER_IN_PROGRESS = "This order is already being placed. Please try again.";

export interface PurchaseLedger<Earlier> {
  /**
   * Inside the purchase's transaction, its carts locked: the earlier purchase under the same key, or the
   * checkout this one belongs to (null: none, the spec's POST /orders).
   */
  claim(tx: Queryable): Promise<{ earlier: Earlier } | { checkoutId: number | null }>;
  /** What the first order carries of the key. */
  orderKey: { idempotencyKey: string | null; requestHash: string | null };
  /** The first order's key turned out taken (a duplicate for another cart won the race): its answer. */
  raced(tx: Queryable): Promise<Earlier>;
}

/** POST /orders: the key (optional) and the SHA-256 of the request body it came with, kept on the order. */
export function orderLedger(
  userId: number,
  key: string | null,
  requestHash: string | null,
): PurchaseLedger<PlacedOrderRow> {
  const findEarlier = (tx: Queryable) =>
    key ? orderPlacementRepository(tx).findByIdempotencyKey(userId, key) : null;
  return {
    async claim(tx) {
      const earlier = await findEarlier(tx);
      if (!earlier) return { checkoutId: null };
      await assertSameRequest(tx, earlier.id, requestHash);
      return { earlier };
    },
    orderKey: { idempotencyKey: key, requestHash: key ? requestHash : null },
    async raced(tx) {
      const winner = await findEarlier(tx);
      if (!winner) throw new Conflict(ORDER_IN_PROGRESS);
      await assertSameRequest(tx, winner.id, requestHash);
      return winner;
    },
  };
}

/** A checkout: the key claimed on a new checkout row, with the hash of its canonical request. */
export function checkoutLedger(input: {
  userId: number;
  key: string;
  requestHash: string;
  paymentMethod: PaymentMethod;
  vendorIds: readonly number[];
}): PurchaseLedger<CheckoutRow> {
  return {
    async claim(tx) {
      const checkouts = checkoutsRepository(tx);
      // A duplicate waits on the key's unique index until the first commits (then finds it) or rolls back.
      const claimed = await checkouts.claim({
        ...input,
        status: input.paymentMethod === "stripe" ? "awaiting_payment" : "placed",
      });
      if (claimed) return { checkoutId: claimed.id };
      const earlier = await checkouts.findByKey(input.userId, input.key);
      if (!earlier) throw new Conflict(CHECKOUT_IN_PROGRESS);
      if (earlier.request_hash !== input.requestHash) throw new KeyReused(CHECKOUT_KEY_REUSED);
      return { earlier };
    },
    orderKey: { idempotencyKey: null, requestHash: null },
    raced() {
      // Checkout orders carry no key of their own: their inserts cannot collide on one.
      throw new Error("a checkout's orders carry no Idempotency-Key");
    },
  };
}
