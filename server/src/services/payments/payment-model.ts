/**
 * What a payment keeps and shows, free of the database: the order data stored with it, the provider's line items
 * (one cart, or one line per trailer for a basket), and the status answer's summary.
 */
import { randomBytes } from "node:crypto";
import { penceToPounds } from "@contract/money";
import type { Database, Queryable } from "@server/db/database.js";
import { type PaymentRow, paymentsRepository } from "@server/db/repositories/payments.js";
import { NotFound } from "@server/domain-errors.js";
import type { DomainEvents, PaymentOutcomeKind } from "@server/events.js";
import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";
import type { CheckoutLineItem, PaymentProvider } from "./payment-provider.js";

export const PAYMENT_NOT_FOUND = "Payment not found";
export const MOCK_PREFIX = "pi_mock_";

/** What we keep with a payment: what is placed once it is paid, and where the customer returns. */
export interface PaymentOrderData {
  /** What is paid for, every trailer's lines and charges in one view (the pages and the status answer). */
  snapshot: CheckoutSnapshot;
  /** The checkout it pays for, one snapshot per trailer. */
  purchase?: Purchase | undefined;
  /** The same, as a basket payment opened before every payment belonged to a checkout wrote it. */
  basket?: { checkoutId: number; snapshots: CheckoutSnapshot[] } | undefined;
  successUrl: string;
  cancelUrl: string;
}

export interface Purchase {
  /** Null for a one-trailer payment opened before every payment belonged to a checkout. */
  checkoutId: number | null;
  snapshots: CheckoutSnapshot[];
  /** Paying by card for a cash order already placed (not paid yet): that order, instead of placing new ones. */
  existingOrderId?: number | undefined;
}

/**
 * What a payment pays for, whichever release recorded it (a one-trailer payment of before: its snapshot).
 * Removal: `basket` and the snapshot-only shape were last written on 2026-11-26 (before every payment belonged to
 * a checkout). A migration rewriting those rows to `purchase` lets this read `data.purchase` alone; without one,
 * it can from 2026-12-01, when no such payment can still be paid (a hosted checkout lives 30 minutes, Stripe
 * retries a webhook for 3 days) and only `snapshot`, which every shape has, is read of them.
 */
export function purchaseOf(data: PaymentOrderData): Purchase {
  return data.purchase ?? data.basket ?? { checkoutId: null, snapshots: [data.snapshot] };
}

export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** Where a paid payment is reported (checkout places what it paid for). */
  events: DomainEvents;
  /** The app's public origin; the request's origin when undefined. */
  publicUrl: string | undefined;
  /** "off": no Stripe key and not in test-payments mode, so card payments are refused (503). Default "stripe"/"test" by provider. */
  cardPayments?: "stripe" | "test" | "off";
  logError: (error: unknown, context: string) => void;
  now?: () => number;
  /** After a refund of a trailer's share of an order: its credit note (receipts). */
  creditNote?: (refund: {
    paymentId: string;
    vendorId: number;
    amountPence: number;
    refundKey: string;
  }) => Promise<unknown>;
  /** Told each payment's outcome once it is recorded (metrics count them). */
  onOutcome?: (outcome: PaymentOutcomeKind) => void;
}

export const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;

export function lineItems(snapshot: CheckoutSnapshot): CheckoutLineItem[] {
  const items: CheckoutLineItem[] = snapshot.lines.map((line) => ({
    name: line.name,
    description: line.addons.map((addon) => addon.name).join(", ") || undefined,
    unitAmountPence: line.unitPricePence,
    quantity: line.quantity,
  }));
  if (snapshot.serviceChargePence > 0)
    items.push({
      name: "Service charge",
      unitAmountPence: snapshot.serviceChargePence,
      quantity: 1,
    });
  if (snapshot.deliveryFeePence > 0)
    items.push({ name: "Delivery fee", unitAmountPence: snapshot.deliveryFeePence, quantity: 1 });
  return items;
}

/** One line per trailer (its food and delivery fee), then the checkout's one service charge. */
export function basketLineItems(snapshots: readonly CheckoutSnapshot[]): CheckoutLineItem[] {
  const items: CheckoutLineItem[] = snapshots.map((snapshot) => ({
    name: snapshot.vendorName,
    description:
      snapshot.lines
        .map((line) => `${line.quantity} × ${line.name}`)
        .join(", ")
        .slice(0, 500) || undefined,
    unitAmountPence: snapshot.totalPence - snapshot.serviceChargePence,
    quantity: 1,
  }));
  const serviceChargePence = snapshots.reduce(
    (sum, snapshot) => sum + snapshot.serviceChargePence,
    0,
  );
  if (serviceChargePence > 0)
    items.push({ name: "Service charge", unitAmountPence: serviceChargePence, quantity: 1 });
  return items;
}

/** Every trailer's lines and charges as one snapshot: what the payment pages and the status answer show. */
export function combinedSnapshot(snapshots: readonly CheckoutSnapshot[]): CheckoutSnapshot {
  const [first] = snapshots;
  if (!first) throw new Error("a basket payment needs at least one order");
  const sum = (pick: (snapshot: CheckoutSnapshot) => number) =>
    snapshots.reduce((total, snapshot) => total + pick(snapshot), 0);
  return {
    ...first,
    vendorName: snapshots.map((snapshot) => snapshot.vendorName).join(", "),
    lines: snapshots.flatMap((snapshot) => snapshot.lines),
    subtotalPence: sum((snapshot) => snapshot.subtotalPence),
    serviceChargePence: sum((snapshot) => snapshot.serviceChargePence),
    deliveryFeePence: sum((snapshot) => snapshot.deliveryFeePence),
    totalPence: sum((snapshot) => snapshot.totalPence),
  };
}

/** The order summary the status answer carries (spec: `orderData`), enough to show what was paid for. */
export function orderSummary(data: PaymentOrderData) {
  const { snapshot } = data;
  return {
    vendorId: snapshot.vendorId,
    vendorName: snapshot.vendorName,
    orderType: snapshot.orderType,
    total: penceToPounds(snapshot.totalPence),
    totalPence: snapshot.totalPence,
    items: snapshot.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      totalPence: line.totalPence,
    })),
  };
}

export const isMock = (payment: PaymentRow) => payment.id.startsWith(MOCK_PREFIX);
/** A hosted checkout expires this long after it opened: Stripe's minimum `expires_at`; the test checkout the same. */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

export const isOpenStatus = (status: PaymentRow["status"]) =>
  status === "requires_payment_method" || status === "processing";
export const isOpen = (payment: PaymentRow) => isOpenStatus(payment.status);

/** The customer's own payment, else 404 (a payment of someone else is not found either). */
export async function ownPayment(
  q: Queryable,
  userId: number,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await paymentsRepository(q).findById(paymentId);
  if (!payment || payment.user_id !== userId) throw new NotFound(PAYMENT_NOT_FOUND);
  return payment;
}

/** Where the hosted checkout sends the customer back, paid or cancelled. */
export function returnUrls(origin: string, paymentId: string) {
  return {
    successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}&payment_id=${paymentId}`,
    cancelUrl: `${origin}/stripe-webview-payment?cancelled=1&payment_id=${paymentId}`,
  };
}
