/**
 * The one way a card payment starts, for one trailer or several: recorded inside the checkout's transaction (so a
 * checkout and its payment exist together or not at all), its hosted checkout opened once that has committed.
 */
import { MESSAGES } from "@contract/messages";
import type { Queryable } from "@server/db/database.js";
import { paymentsRepository } from "@server/db/repositories/payments.js";
import { InvalidInput, Unavailable, UpstreamFailed } from "@server/domain-errors.js";
import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";
import {
  basketLineItems,
  combinedSnapshot,
  isMock,
  lineItems,
  MOCK_PREFIX,
  orderDataOf,
  ownPayment,
  type PaymentOrderData,
  type PaymentServiceDeps,
  randomId,
  returnUrls,
} from "./payment-model.js";

/** What the payment screen needs to send the customer to the hosted checkout. */
export interface OpenedPayment {
  paymentIntentId: string;
  clientSecret: string | null;
  sessionUrl: string;
  returnUrl: string;
}

/** Refuses before anything is priced or written: card payments switched off, or a mock one with Stripe keys. */
export function assertCanOpen(deps: PaymentServiceDeps, options: { mock: boolean }): void {
  if (deps.cardPayments === "off") throw new Unavailable(MESSAGES.cardPaymentsUnavailable);
  if (options.mock && deps.provider.name !== "test")
    throw new InvalidInput("Mock payments are only available without Stripe keys");
}

/** What a checkout hands over for its one card payment. */
export interface PaymentToRecord {
  userId: number;
  checkoutId: number;
  /** A cash order placed earlier, paid by card now: the payment marks it paid instead of placing orders. */
  existingOrderId?: number | undefined;
  snapshots: CheckoutSnapshot[];
  origin: string;
  /** A development payment (pi_mock_…) that succeeds on its own after 3 s. */
  mock: boolean;
}

/**
 * Inside the checkout's transaction: the ONE payment for every trailer of it. Nothing is ordered until it is
 * paid; a declined or cancelled payment leaves every cart as it was.
 */
export async function recordPayment(
  deps: PaymentServiceDeps,
  tx: Queryable,
  input: PaymentToRecord,
): Promise<string> {
  const snapshot = combinedSnapshot(input.snapshots);
  const paymentId = randomId(input.mock ? MOCK_PREFIX : "pay_");
  const { successUrl, cancelUrl } = returnUrls(deps.publicUrl ?? input.origin, paymentId);
  const orderData: PaymentOrderData = {
    snapshot,
    purchase: {
      checkoutId: input.checkoutId,
      snapshots: input.snapshots,
      ...(input.existingOrderId ? { existingOrderId: input.existingOrderId } : {}),
    },
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

/** A newer attempt replaces older open ones of the same trailers, so nothing can be paid twice by accident. */
async function supersedeOpenPayments(
  deps: PaymentServiceDeps,
  userId: number,
  vendorIds: readonly number[],
  newest: string,
): Promise<void> {
  const payments = paymentsRepository(deps.db);
  for (const vendorId of new Set(vendorIds)) {
    for (const old of await payments.listOpenForVendor(userId, vendorId)) {
      if (old.id === newest) continue;
      if (old.checkout_session_id && deps.provider.name === "stripe") {
        await deps.provider
          .expireSession(old.checkout_session_id)
          .catch((error) => deps.logError(error, `expiring ${old.id}`));
      }
      await payments.markCanceled(old.id, "Replaced by a newer payment attempt");
      deps.onOutcome?.("canceled");
    }
  }
}

/**
 * After the checkout committed: its hosted checkout (Stripe Checkout Session, or our test page). One trailer's
 * page lists its dishes; several trailers' lists a line per trailer, then the one service charge.
 */
export async function openPayment(
  deps: PaymentServiceDeps,
  user: { id: number; email: string },
  paymentId: string,
  /** Told to the provider with the payment (the spec's optional `source`). */
  metadata: Record<string, string> = {},
): Promise<OpenedPayment> {
  const payment = await ownPayment(deps.db, user.id, paymentId);
  const data = orderDataOf(payment);
  const { checkoutId, snapshots } = data.purchase;
  await supersedeOpenPayments(
    deps,
    user.id,
    snapshots.map((snapshot) => snapshot.vendorId),
    paymentId,
  );
  const payments = paymentsRepository(deps.db);
  if (isMock(payment)) {
    await payments.setCheckoutSession(paymentId, paymentId);
    const returnUrl = data.successUrl.replace("{CHECKOUT_SESSION_ID}", paymentId);
    return { paymentIntentId: paymentId, clientSecret: null, sessionUrl: returnUrl, returnUrl };
  }
  try {
    const checkout = await deps.provider.createCheckout({
      paymentId,
      amountPence: payment.amount_pence,
      currency: "gbp",
      lineItems: snapshots.length === 1 ? lineItems(snapshots[0]!) : basketLineItems(snapshots),
      successUrl: data.successUrl,
      cancelUrl: data.cancelUrl,
      customerEmail: user.email,
      transferGroup: paymentId,
      metadata: {
        payment_id: paymentId,
        user_id: String(user.id),
        vendor_id: String(payment.vendor_id),
        checkout_id: String(checkoutId),
        ...metadata,
      },
    });
    await payments.setCheckoutSession(paymentId, checkout.sessionId);
    return {
      paymentIntentId: paymentId,
      clientSecret: checkout.clientSecret,
      sessionUrl: checkout.url,
      returnUrl: data.successUrl,
    };
  } catch (error) {
    deps.logError(error, `creating checkout for ${paymentId}`);
    await payments.markFailed(paymentId, MESSAGES.paymentIntentFailed);
    deps.onOutcome?.("failed");
    throw new UpstreamFailed(MESSAGES.paymentIntentFailed);
  }
}

/** The answer `openPayment` gave, again (a replayed create-intent): the same payment, page and secret. */
export async function openedAgain(
  deps: PaymentServiceDeps,
  userId: number,
  paymentId: string,
  opened: { sessionUrl: string; clientSecret: string | null },
): Promise<OpenedPayment> {
  const payment = await ownPayment(deps.db, userId, paymentId);
  const { successUrl } = orderDataOf(payment);
  return {
    paymentIntentId: paymentId,
    clientSecret: opened.clientSecret,
    sessionUrl: opened.sessionUrl,
    returnUrl: isMock(payment)
      ? successUrl.replace("{CHECKOUT_SESSION_ID}", paymentId)
      : successUrl,
  };
}
