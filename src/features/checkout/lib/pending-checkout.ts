import type { CheckoutRequest } from "@contract/basket";
import type { BillAmounts } from "@contract/bill";
import type { OrderPayload, Vehicle } from "@contract/orders";
import type { AddonEntry } from "@/components/AddonList";

export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  totalPence: number;
  /** The line's chosen add-ons, each named (the portion size among them). */
  addons?: AddonEntry[];
}

/** An Idempotency-Key and the request it was made for (see checkoutKeyFor). */
export interface CheckoutKey {
  signature: string;
  key: string;
}

/**
 * What the card payment screen needs to take a payment, carried from the cart (and kept across a reload).
 * One trailer: the spec's order (`orderData`, paid through create-intent). Several: the one checkout request
 * that orders them all once paid.
 */
export interface PendingCheckout {
  orderData?: OrderPayload | undefined;
  checkoutRequest?: CheckoutRequest | undefined;
  /** The key of a checkout request sent but not answered (a lost answer is retried with it). */
  checkoutKey?: CheckoutKey | null | undefined;
  amountPence: number;
  /**
   * The bill behind the amount. Optional only for a checkout saved in the tab by an app from before 2026-11-26
   * (tests/e2e/upgrade-carry-over.spec.ts seeds one); required from 2026-12-03, when no such tab is left.
   */
  bill?: BillAmounts | undefined;
  currency: "gbp";
  vendorName: string;
  itemCount: number;
  items: SummaryLine[];
  /** The payment started for this checkout, once there is one. */
  paymentId?: string;
}

/** A cash order the cash screen can show before (or without) reading it back from the server. */
export interface PlacedCashOrder {
  orderId: number;
  vendorName: string;
  orderType: string;
  totalPence: number;
  /**
   * The bill behind the total. Optional only for an order queued by an app from before 2026-11-26 (a saved query
   * cache lives 24 h, PERSIST_MAX_AGE_MS); required from 2026-12-03, with the upgrade test's seed given a bill.
   */
  bill?: BillAmounts | undefined;
  preparationTime: { min: number; max: number } | null;
  items: SummaryLine[];
  vehicle: Vehicle | null;
}

const KEYS = { pending: "checkout:pending", idempotency: "checkout:idempotency-key" } as const;

const session = (): Storage | null =>
  typeof sessionStorage === "undefined" ? null : sessionStorage;

export function savePendingCheckout(pending: PendingCheckout, storage = session()): void {
  storage?.setItem(KEYS.pending, JSON.stringify(pending));
}

export function readPendingCheckout(storage = session()): PendingCheckout | null {
  try {
    const raw = storage?.getItem(KEYS.pending);
    const value = raw ? (JSON.parse(raw) as PendingCheckout) : null;
    const payable = value?.orderData ?? value?.checkoutRequest;
    return value && typeof value.amountPence === "number" && payable ? value : null;
  } catch {
    return null;
  }
}

export const clearPendingCheckout = (storage = session()) => storage?.removeItem(KEYS.pending);

export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return `order-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** One key per checkout attempt, kept across retries (and reloads) until an order is placed with it. */
export function checkoutAttemptKey(storage = session()): string {
  const existing = storage?.getItem(KEYS.idempotency);
  if (existing) return existing;
  const key = newIdempotencyKey();
  storage?.setItem(KEYS.idempotency, key);
  return key;
}

export const finishCheckoutAttempt = (storage = session()) => storage?.removeItem(KEYS.idempotency);
