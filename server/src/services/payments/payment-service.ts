/**
 * Card payments: the status poll, the provider's webhooks and the test provider's page. How a payment starts is in
 * hosted-checkout.ts, what it keeps in payment-model.ts. Wherever a payment completes, checkout's `completePaid`
 * step places what it paid for (or says what goes back) in the transaction that records it paid.
 */
import { MOCK_PAYMENT_DELAY_MS } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import type { PaymentStatusResponse } from "@contract/payments";
import type { Queryable } from "@server/db/database.js";
import { type PaymentRow, paymentsRepository } from "@server/db/repositories/payments.js";
import { InvalidInput, NotFound } from "@server/domain-errors.js";
import {
  assertCanOpen,
  openedAgain,
  openPayment,
  type PaymentToRecord,
  recordPayment,
} from "./hosted-checkout.js";
import {
  CHECKOUT_LIFETIME_MS,
  isMock,
  isOpen,
  isOpenStatus,
  orderDataOf,
  orderSummary,
  ownPayment,
  PAYMENT_NOT_FOUND,
  type PaidPurchase,
  type PaymentServiceDeps,
} from "./payment-model.js";
import type { CheckoutWebhookEvent, PaymentProvider } from "./payment-provider.js";
import { WebhookPayloadError, WebhookSignatureError } from "./payment-provider.js";
import { chargeTestCard } from "./test-provider.js";
import { createTransferService, type RefundedShare } from "./transfers.js";

/** A refund to send once the transaction has committed, and the trailers' shares it gives back. */
interface RefundToSend {
  paymentId: string;
  sessionId: string;
  amountPence: number;
  /** The provider's key: the same refund sent again (a retry, another node) gives back nothing more. */
  idempotencyKey: string;
  refundKey: string;
  shares: { vendorId: number; amountPence: number }[];
  /** A refund of something ordered (a staff cancel) has a credit note against the trailer's receipt. */
  creditNote: boolean;
}

export type { OpenedPayment } from "./hosted-checkout.js";

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? Date.now;
  const transfers = createTransferService({ db, provider, logError: deps.logError });

  /** What went while the customer paid, given back: one late refund per payment, whoever completed it. */
  const lateRefund = (
    payment: PaymentRow,
    amountPence: number,
    shares: RefundToSend["shares"],
  ): RefundToSend => ({
    paymentId: payment.id,
    sessionId: payment.checkout_session_id ?? payment.id,
    amountPence,
    idempotencyKey: `refund-late-${payment.id}`,
    refundKey: `late-${payment.id}`,
    shares,
    // What went while the customer paid was never ordered, so no receipt names it: no credit note.
    creditNote: false,
  });

  /** Inside `tx`: the payment recorded as paid and reported, so what it paid for is placed exactly once. */
  async function completeIn(
    tx: Queryable,
    paymentId: string,
    evidence: { amountPence: number | null; currency: string | null } | null,
    /** Refunds to send to the provider once the transaction has committed. */
    refunds: RefundToSend[] = [],
  ) {
    const payments = paymentsRepository(tx);
    const payment = await payments.lockById(paymentId);
    if (!payment) return null;
    if (payment.order_id !== null) return { orderId: payment.order_id, placed: null };
    if (payment.refund_note !== null && payment.refund_note !== undefined) {
      // Completed before into a refund of all of it (everything went while the customer paid): never placed now
      // (not even if the items came back), only its refund sent again under its key, in case that send failed.
      refunds.push(lateRefund(payment, payment.refunded_pence ?? 0, []));
      return null;
    }
    if (
      evidence &&
      (evidence.amountPence !== payment.amount_pence ||
        (evidence.currency ?? "gbp") !== payment.currency)
    ) {
      deps.logError(
        new Error(
          `paid ${evidence.amountPence} ${evidence.currency}, expected ${payment.amount_pence}`,
        ),
        `payment ${paymentId} amount mismatch`,
      );
      await payments.markFailed(
        paymentId,
        "The amount paid does not match the order. Please contact the park staff.",
      );
      deps.onOutcome?.("failed");
      return null;
    }
    const paid = await deps.completePaid({
      tx,
      paymentId,
      userId: payment.user_id,
      paidPence: payment.amount_pence,
      purchase: orderDataOf(payment).purchase,
    });
    if (paid.refund) {
      await payments.recordRefund(paymentId, paid.refund.amountPence, paid.refund.note);
      refunds.push(lateRefund(payment, paid.refund.amountPence, paid.refund.shares));
    }
    const [orderId] = paid.orderIds;
    if (orderId === undefined) {
      await payments.markFailed(paymentId, paid.refund?.note ?? MESSAGES.paymentFailed);
      return null;
    }
    await payments.markPaid(paymentId, orderId);
    return { orderId, placed: paid.created ? paid : null };
  }

  /**
   * The one way money goes back to a card: after commit, once per idempotency key; then each trailer's transfer is
   * reversed for its refunded share (transfers.ts). A failure is logged and answered false (our rows keep what is
   * owed, so a retry can send it again under the same key) and reverses nothing.
   */
  async function sendRefund(refund: RefundToSend): Promise<boolean> {
    try {
      await provider.refund(refund.sessionId, refund.amountPence, refund.idempotencyKey);
    } catch (error) {
      deps.logError(
        error,
        `refunding ${refund.amountPence}p of session ${refund.sessionId} failed`,
      );
      return false;
    }
    for (const share of refund.shares)
      await reverseTransferForRefund(
        {
          paymentId: refund.paymentId,
          vendorId: share.vendorId,
          amountPence: share.amountPence,
          refundKey: refund.refundKey,
        },
        { creditNote: refund.creditNote },
      );
    return true;
  }

  async function sendRefunds(refunds: readonly RefundToSend[]) {
    for (const refund of refunds) await sendRefund(refund);
  }

  /**
   * After any refund of a trailer's share: its transfer reversed for that share (transfers.ts) and, for a refund
   * of something ordered (a staff cancel), a credit note against the trailer's receipt; never throws.
   */
  async function reverseTransferForRefund(
    share: RefundedShare,
    options: { creditNote: boolean } = { creditNote: true },
  ) {
    try {
      if (options.creditNote) await deps.creditNote?.(share);
      return await transfers.reverseTransferForRefund(share);
    } catch (error) {
      deps.logError(error, `reversing ${share.amountPence}p of payment ${share.paymentId}`);
      return null;
    }
  }

  const announceAll = (placed: PaidPurchase | null | undefined) => placed?.afterCommit();

  async function complete(
    paymentId: string,
    evidence: { amountPence: number | null; currency: string | null } | null,
  ) {
    const refunds: RefundToSend[] = [];
    const result = await db.transaction((tx) => completeIn(tx, paymentId, evidence, refunds));
    if (result?.placed) deps.onOutcome?.("paid");
    announceAll(result?.placed);
    if (result) await transfers.splitPayment(paymentId);
    await sendRefunds(refunds);
    return result?.orderId ?? null;
  }

  /** Asks the provider (Stripe) about a payment still open in our books and records what it says. */
  async function refreshFromProvider(payment: PaymentRow): Promise<void> {
    if (isMock(payment)) {
      if (now() - new Date(payment.created_at).getTime() >= MOCK_PAYMENT_DELAY_MS)
        await complete(payment.id, null);
      return;
    }
    if (!payment.checkout_session_id || !isOpen(payment)) return;
    let session: Awaited<ReturnType<PaymentProvider["retrieveSession"]>>;
    try {
      session = await provider.retrieveSession(payment.checkout_session_id);
    } catch (error) {
      // The poll keeps going; the next one (or the webhook) will know more.
      deps.logError(error, `retrieving checkout session for ${payment.id}`);
      return;
    }
    if (!session) return;
    const payments = paymentsRepository(db);
    if (session.paid)
      await complete(payment.id, {
        amountPence: session.amountTotalPence,
        currency: session.currency,
      });
    else if (session.state === "expired") {
      await payments.markCanceled(payment.id, MESSAGES.paymentCancelledOrFailed);
      deps.onOutcome?.("canceled");
    } else if (session.state === "complete" && payment.status !== "processing")
      await payments.markProcessing(payment.id);
    // A declined card: the poll reports requires_payment_method with the reason, which the app reads as a failure.
    else if (
      session.state === "open" &&
      session.declineMessage &&
      session.declineMessage !== payment.failure_message
    ) {
      await payments.noteDecline(payment.id, session.declineMessage);
      deps.onOutcome?.("declined");
    }
  }

  function statusAnswer(payment: PaymentRow): PaymentStatusResponse {
    const data = orderDataOf(payment);
    const status =
      payment.status === "paid" ? (isMock(payment) ? "succeeded" : "paid") : payment.status;
    return {
      status,
      orderId: payment.order_id,
      orderData: orderSummary(data),
      error: payment.status === "paid" ? null : payment.failure_message,
      sessionId: payment.checkout_session_id,
      ...(payment.refund_note
        ? { refund: { amountPence: payment.refunded_pence ?? 0, note: payment.refund_note } }
        : {}),
    };
  }

  return {
    providerName: provider.name,
    /** The provider itself (the test provider's record of transfers is read by tests and the report). */
    provider,
    /** The split of card payments per trailer (transfers.ts). */
    transfers,
    /**
     * After any refund of a trailer's share (the late sold-out refund, a staff cancel): a reversal of only that
     * trailer's transfer, for the refunded share, once per `refundKey`.
     */
    reverseTransferForRefund,
    publicUrl: deps.publicUrl,
    /** "stripe", "test" (our own checkout page) or "off". */
    cardPayments: deps.cardPayments ?? provider.name,

    /** Before a card checkout is priced: refuses when card payments are off, or a mock one with Stripe keys. */
    assertCanOpen: (options: { mock: boolean }) => assertCanOpen(deps, options),

    /** Inside the checkout's transaction: its one payment (hosted-checkout.ts). */
    recordPayment: (tx: Queryable, input: PaymentToRecord) => recordPayment(deps, tx, input),

    /** After the checkout committed: its hosted checkout (hosted-checkout.ts). */
    openPayment: (
      user: { id: number; email: string },
      paymentId: string,
      metadata?: Record<string, string>,
    ) => openPayment(deps, user, paymentId, metadata),

    /** A replayed create-intent: the payment it opened, answered as it was (hosted-checkout.ts). */
    openedAgain: (
      userId: number,
      paymentId: string,
      opened: { sessionUrl: string; clientSecret: string | null },
    ) => openedAgain(deps, userId, paymentId, opened),

    /** GET /payments/stripe/status/:id — the payer only. A paid payment has its order by the time this answers. */
    async getStatus(userId: number, paymentId: string): Promise<PaymentStatusResponse> {
      const payment = await ownPayment(db, userId, paymentId);
      if (isOpen(payment)) await refreshFromProvider(payment);
      const now = (await paymentsRepository(db).findById(paymentId))!;
      const answer = statusAnswer(now);
      if (!isOpen(now)) return answer;
      // A reopened payment screen continues on the same hosted page (the checkout keeps its address).
      const [checkout] = await db.query<{ payment_url: string | null }>(
        "select payment_url from checkouts where payment_id = $1",
        [paymentId],
      );
      return { ...answer, sessionUrl: checkout?.payment_url ?? null };
    },

    /** POST /payments/stripe/webhook: verified, each event applied once. */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      if (!provider.webhooks)
        throw new NotFound("Stripe webhooks are not configured on this server");
      if (!signature) throw new InvalidInput("Missing Stripe-Signature header");
      let event: CheckoutWebhookEvent;
      try {
        event = provider.webhooks.verify(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new InvalidInput(`Webhook signature verification failed: ${error.message}`);
        if (error instanceof WebhookPayloadError) {
          deps.logError(error, "signed webhook refused: malformed event");
          throw new InvalidInput(`Webhook event not understood: ${error.message}`);
        }
        throw error;
      }
      const refunds: RefundToSend[] = [];
      const result = await db.transaction(async (tx) => {
        if (!(await paymentsRepository(tx).recordWebhookEvent(event.id)))
          return { duplicate: true, placed: null };
        return { duplicate: false, placed: await applyWebhookEvent(tx, event, refunds) };
      });
      if (result.placed) deps.onOutcome?.("paid");
      announceAll(result.placed);
      // Every event about a payment (a replay too) finishes its split if a node left it mid-way.
      if (event.session?.paymentId) await transfers.splitPayment(event.session.paymentId);
      await sendRefunds(refunds);
      return { received: true, duplicate: result.duplicate };
    },

    /**
     * Inside the cancelling transaction: what a cancelled card order gives back — its whole amount (its share of
     * the service charge included) when its payment was paid; null when nothing was taken.
     */
    async cardRefundOf(tx: Queryable, order: { id: number; totalPence: number }) {
      const payment = await paymentsRepository(tx).findForOrder(order.id);
      if (payment?.status !== "paid" || order.totalPence === 0) return null;
      await paymentsRepository(tx).addRefund(payment.id, order.totalPence);
      return { amountPence: order.totalPence };
    },

    /**
     * After commit: sends a cancelled card order's refund to the provider unless it was sent already. The key is
     * the order's, so two cancels, a retried request or two nodes at once refund once. True when it is sent.
     */
    async sendOrderRefund(order: { id: number; refundPence: number }): Promise<boolean> {
      const payment = await paymentsRepository(db).findForOrder(order.id);
      if (!payment) return false;
      // The trailer's transfer gives back the order's food and delivery; the park keeps none of its service charge.
      const [row] = await db.query<{ vendor_id: number; service_charge_pence: number }>(
        "select vendor_id, service_charge_pence from orders where id = $1",
        [order.id],
      );
      const trailerPence = Math.max(0, order.refundPence - (row?.service_charge_pence ?? 0));
      return sendRefund({
        paymentId: payment.id,
        sessionId: payment.checkout_session_id ?? payment.id,
        amountPence: order.refundPence,
        idempotencyKey: `refund-order-${order.id}`,
        refundKey: `order-${order.id}`,
        shares: row ? [{ vendorId: row.vendor_id, amountPence: trailerPence }] : [],
        creditNote: true,
      });
    },

    testCheckout,

    /** The test provider's "Pay" button: Stripe's test cards decide; a paid card creates the order at once. */
    async payTestCheckout(
      paymentId: string,
      card: { number: string; expiry: string; cvc: string },
    ) {
      const view = await testCheckout(paymentId);
      if (view.status === "paid") return { paid: true as const, redirectTo: view.successUrl };
      if (isOpenStatus(view.status) && now() - view.openedAt >= CHECKOUT_LIFETIME_MS) {
        await paymentsRepository(db).markCanceled(paymentId, "The payment session expired.");
        view.status = "canceled";
      }
      if (!isOpenStatus(view.status)) {
        return {
          paid: false as const,
          field: null,
          // The page that shows it names the brand's app (routes/test-checkout/index.ts).
          message: "This payment session has expired. Start the payment again from the app.",
        };
      }
      const outcome = chargeTestCard(card);
      if (!outcome.paid) {
        if (outcome.field === null) {
          await paymentsRepository(db).noteDecline(paymentId, outcome.message);
          deps.onOutcome?.("declined");
        }
        return outcome;
      }
      await complete(paymentId, null);
      return { paid: true as const, redirectTo: view.successUrl };
    },
  };

  /** The test provider's hosted page: what is being paid for. */
  async function testCheckout(paymentId: string) {
    const payment = await paymentsRepository(db).findById(paymentId);
    if (payment?.provider !== "test" || isMock(payment)) throw new NotFound(PAYMENT_NOT_FOUND);
    const data = orderDataOf(payment);
    return {
      paymentId,
      amountPence: payment.amount_pence,
      status: payment.status,
      snapshot: data.snapshot,
      successUrl: data.successUrl.replace(
        "{CHECKOUT_SESSION_ID}",
        payment.checkout_session_id ?? paymentId,
      ),
      cancelUrl: data.cancelUrl,
      lastError: payment.failure_message,
      openedAt: new Date(payment.created_at).getTime(),
    };
  }

  async function applyWebhookEvent(
    tx: Queryable,
    event: CheckoutWebhookEvent,
    refunds: RefundToSend[],
  ) {
    const session = event.session;
    if (!session?.paymentId) return null;
    const payments = paymentsRepository(tx);
    const payment = await payments.findById(session.paymentId);
    if (!payment || (payment.checkout_session_id && payment.checkout_session_id !== session.id)) {
      deps.logError(
        new Error(`no payment for session ${session.id}`),
        `webhook ${event.id} ignored`,
      );
      return null;
    }
    const evidence = { amountPence: session.amountTotalPence, currency: session.currency };
    switch (event.type) {
      case "checkout.session.completed":
        if (!session.paid) {
          await payments.markProcessing(payment.id);
          return null;
        }
        return (await completeIn(tx, payment.id, evidence, refunds))?.placed ?? null;
      case "checkout.session.async_payment_succeeded":
        return (await completeIn(tx, payment.id, evidence, refunds))?.placed ?? null;
      case "checkout.session.async_payment_failed":
        await payments.markFailed(payment.id, MESSAGES.paymentFailed);
        deps.onOutcome?.("failed");
        return null;
      case "checkout.session.expired":
        await payments.markCanceled(payment.id, MESSAGES.paymentCancelledOrFailed);
        deps.onOutcome?.("canceled");
        return null;
      default:
        return null;
    }
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>;
