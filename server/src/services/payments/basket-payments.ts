/**
 * The ONE card payment of a multi-trailer basket checkout. It is recorded inside the checkout's
 * transaction, and its hosted checkout (a line per trailer, then the one service charge) opened after commit.
 */
import { MESSAGES } from "@contract/messages";
import type { Queryable } from "@server/db/database.js";
import { paymentsRepository } from "@server/db/repositories/payments.js";
import { HttpError, notFound } from "@server/http-error.js";
import type { CheckoutSnapshot, OrderRequest } from "../order-placement.js";
import {
  basketLineItems,
  combinedSnapshot,
  ownPayment,
  PAYMENT_NOT_FOUND,
  type PaymentOrderData,
  type PaymentServiceDeps,
  randomId,
  returnUrls,
} from "./payment-model.js";

/**
 * Inside the checkout's transaction: the ONE payment for every trailer of the basket. Nothing is
 * ordered until it is paid; a declined or cancelled payment leaves every cart as it was.
 */
export async function recordBasketPayment(
  deps: PaymentServiceDeps,
  tx: Queryable,
  input: {
    userId: number;
    checkoutId: number;
    snapshots: CheckoutSnapshot[];
    request: OrderRequest;
    origin: string;
  },
): Promise<string> {
  if (deps.cardPayments === "off") throw new HttpError(503, MESSAGES.cardPaymentsUnavailable);
  const snapshot = combinedSnapshot(input.snapshots);
  const paymentId = randomId("pay_");
  const origin = deps.publicUrl ?? input.origin;
  const { successUrl, cancelUrl } = returnUrls(origin, paymentId);
  const orderData: PaymentOrderData = {
    request: { ...input.request, paymentMethod: "stripe" },
    snapshot,
    basket: { checkoutId: input.checkoutId, snapshots: input.snapshots },
    successUrl,
    cancelUrl,
  };
  await paymentsRepository(tx).insert({
    id: paymentId,
    userId: input.userId,
    vendorId: snapshot.vendorId,
    provider: deps.provider.name,
    amountPence: snapshot.totalPence,
    currency: "gbp",
    orderData,
  });
  return paymentId;
}

/** After the checkout committed: the hosted checkout (Stripe Checkout Session) with a line per trailer. */
export async function openBasketPayment(
  deps: PaymentServiceDeps,
  user: { id: number; email: string },
  paymentId: string,
): Promise<{ paymentIntentId: string; sessionUrl: string; returnUrl: string }> {
  const payment = await ownPayment(deps.db, user.id, paymentId);
  const data = payment.order_data as PaymentOrderData;
  if (!data.basket) throw notFound(PAYMENT_NOT_FOUND);
  try {
    const checkout = await deps.provider.createCheckout({
      paymentId,
      amountPence: payment.amount_pence,
      currency: "gbp",
      lineItems: basketLineItems(data.basket.snapshots),
      successUrl: data.successUrl,
      cancelUrl: data.cancelUrl,
      customerEmail: user.email,
      metadata: {
        payment_id: paymentId,
        user_id: String(user.id),
        checkout_id: String(data.basket.checkoutId),
      },
    });
    await paymentsRepository(deps.db).setCheckoutSession(paymentId, checkout.sessionId);
    return { paymentIntentId: paymentId, sessionUrl: checkout.url, returnUrl: data.successUrl };
  } catch (error) {
    deps.logError(error, `creating checkout for ${paymentId}`);
    await paymentsRepository(deps.db).markFailed(paymentId, MESSAGES.paymentIntentFailed);
    throw new HttpError(502, MESSAGES.paymentIntentFailed);
  }
}
