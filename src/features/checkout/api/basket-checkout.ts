import {
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutResponseSchema,
} from "@contract/basket";
import { canonicalCheckoutRequest } from "@contract/checkout-request";
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
 * one as soon as what the key covers changes (contract/checkout-request.ts: the server refuses a reused key with
 * another canonical request).
 */
export function checkoutKeyFor(
  body: CheckoutRequest,
  last: { signature: string; key: string } | null,
) {
  const signature = canonicalCheckoutRequest(body);
  return last && last.signature === signature ? last : { signature, key: newIdempotencyKey() };
}
