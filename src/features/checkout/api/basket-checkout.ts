import {
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutResponseSchema,
} from "@contract/basket";
import { api } from "@/lib/api-client";
import { newIdempotencyKey } from "../lib/pending-checkout";

/** POST /checkout: one order per trailer, all or nothing; the same key when retrying the same checkout. */
export const placeBasketCheckout = (
  body: CheckoutRequest,
  idempotencyKey: string,
): Promise<CheckoutResponse> =>
  api.post("/checkout", body, checkoutResponseSchema, {
    headers: { "Idempotency-Key": idempotencyKey },
  });

/**
 * One key per checkout: kept while the customer retries the very same checkout (a timeout, a lost answer), a new
 * one as soon as what is being paid for changes (the server refuses a reused key with another body).
 */
export function checkoutKeyFor(
  body: CheckoutRequest,
  last: { signature: string; key: string } | null,
) {
  const signature = JSON.stringify([
    [...body.vendorIds].sort(),
    body.orderType,
    body.paymentMethod,
    body.totalPence,
    body.vehicleData ?? null,
  ]);
  return last && last.signature === signature ? last : { signature, key: newIdempotencyKey() };
}
