/**
 * What a payment keeps and shows, free of the database: the order data stored with it, the provider's line items
 * (one cart, or one line per trailer for a basket), and the status answer's summary.
 */
import { randomBytes } from "node:crypto";
import { penceToPounds } from "@contract/money";
import type { Database, Queryable } from "@server/db/database.js";
import { type PaymentRow, paymentsRepository } from "@server/db/repositories/payments.js";
import { NotFound } from "@server/domain-errors.js";
import type { PaymentOutcomeKind } from "@server/events.js";
import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";
import type { CheckoutLineItem, PaymentProvider } from "./payment-provider.js";

export const PAYMENT_NOT_FOUND = "Payment not found";
export const MOCK_PREFIX = "pi_mock_";

/** What we keep with a payment (order_data): what it buys, and where the customer returns. One shape. */
export interface PaymentOrderData {
  /** What is paid for, every trailer's lines and charges in one view (the pages and the status answer). */
  snapshot: CheckoutSnapshot;
  purchase: Purchase;
  successUrl: string;
  cancelUrl: string;
}

/** What a payment buys: its checkout's snapshots, one per trailer, placed once it is paid. */
export interface Purchase {
  checkoutId: number;
  snapshots: CheckoutSnapshot[];
  /** Paying by card for a cash order already placed (not paid yet): that order, instead of placing new ones. */
  existingOrderId?: number | undefined;
}

/** The stored order data of a payment row. */
export const orderDataOf = (payment: Pick<PaymentRow, "order_data">) =>
  payment.order_data as PaymentOrderData;

/** A card payment the provider confirmed, as checkout completes it (inside the transaction recording it paid). */
export interface PaidPayment {
  tx: Queryable;
  paymentId: string;
  userId: number;
  paidPence: number;
  purchase: Purchase;
}

/** What a paid payment became: the orders placed (none when everything went meanwhile) and what goes back. */
export interface PaidPurchase {
  orderIds: number[];
  /** False when an earlier report of the same payment had already placed them. */
  created: boolean;
  /** What went while the customer paid, given back; `shares`: each trailer's part of it (its food and delivery). */
  refund: {
    amountPence: number;
    note: string;
    shares: { vendorId: number; amountPence: number }[];
  } | null;
  /** Announces the placed orders; call once the transaction has committed. */
  afterCommit(): void;
}

export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /**
   * Checkout's step for a paid payment (services/checkout/complete-paid.ts): places what it paid for, or says what
   * goes back. Called inside the transaction that records the payment paid, wherever it completes.
   */
  completePaid: (paid: PaidPayment) => Promise<PaidPurchase>;
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
