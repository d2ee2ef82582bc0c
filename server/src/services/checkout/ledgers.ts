/**
 * Where a purchase's Idempotency-Key is kept, and what an earlier purchase under it answers. The spec's
 * POST /orders keeps its key on the order it placed; every other purchase (a checkout of one trailer or several,
 * cash or card) on its checkout. Both answer the same purchase to a retry and refuse the key with another request.
 */
import type { PaymentMethod } from "@contract/orders";
import type { Queryable } from "@server/db/database.js";
import { type CheckoutRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import {
  orderPlacementRepository,
  type PlacedOrderRow,
} from "@server/db/repositories/order-placement.js";
import { conflict, HttpError } from "@server/http-error.js";
import { assertSameRequest } from "@server/services/orders/idempotency.js";

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
      if (!winner) throw new HttpError(409, ORDER_IN_PROGRESS);
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
      if (!earlier) throw conflict(CHECKOUT_IN_PROGRESS);
      if (earlier.request_hash !== input.requestHash) throw new HttpError(422, CHECKOUT_KEY_REUSED);
      return { earlier };
    },
    orderKey: { idempotencyKey: null, requestHash: null },
    raced() {
      // Checkout orders carry no key of their own: their inserts cannot collide on one.
      throw new Error("a checkout's orders carry no Idempotency-Key");
    },
  };
}
