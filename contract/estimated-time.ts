import { isFinalStatus } from "./order-status";
import type { OrderStatus } from "./orders";

/**
 * The ONE estimated-time rule (docs/product-spec.md § Business constants and limits), used by the server when it sets an order's estimate and by every
 * screen that shows it. The server keeps a window per order (`estimated_ready_from` .. `estimated_ready_at`,
 * sent as `estimatedReadyFrom` .. `estimatedDeliveryTime`), set at placement from the vendor's preparation range
 * and moved when the status changes. Screens show the spec's rule on `estimatedDeliveryTime` (orderEstimateText).
 * Without an order: the vendor's range, else '10-15'.
 */

/** The product spec (docs/product-spec.md § Business constants and limits): '10-15 minutes' (list and track views '10-15 min'). */
export const DEFAULT_PREPARATION = { min: 10, max: 15 } as const;
/** The product spec (docs/product-spec.md § Business constants and limits): a range from the minutes until estimatedDeliveryTime to that plus 5 (when no window start is known). */
export const ESTIMATE_SPREAD_MIN = 5;

export type EstimateStyle = "long" | "short";

export interface PreparationRange {
  min: number;
  max: number;
}

const MINUTE_MS = 60_000;

/** A usable preparation range: the vendor's when it makes sense, else the spec's default 10-15. */
export function preparationRange(
  range: Partial<PreparationRange> | null | undefined,
): PreparationRange {
  const min = range?.min ?? 0;
  const max = range?.max ?? 0;
  if (Number.isFinite(min) && Number.isFinite(max) && min > 0 && max >= min) return { min, max };
  return { ...DEFAULT_PREPARATION };
}

const unit = (style: EstimateStyle) => (style === "short" ? "min" : "minutes");

/** '10-15 minutes' / '10-15 min'. */
export function rangeText(range: PreparationRange, style: EstimateStyle): string {
  return `${range.min}-${range.max} ${unit(style)}`;
}

/** Before an order exists (cart, a cash screen without the order): the vendor's range or the default. */
export function vendorEstimateText(
  range: Partial<PreparationRange> | null | undefined,
  style: EstimateStyle,
): string {
  return rangeText(preparationRange(range), style);
}

export const READY_TEXT = "Ready now";

/** The window an order is expected to be ready in, as instants. */
export interface EstimateWindow {
  from: Date;
  at: Date;
}

/**
 * The server's estimate when an order's status becomes `status` (null: keep what it has). At placement the window
 * is now + the vendor's `preparationRange` (services/order-placement.ts).
 * - `confirmed`: now + the vendor's range again (a cash order's kitchen starts on payment);
 * - `preparing`: unchanged (the promise stands; a late order stays late rather than getting a new range);
 * - `ready`: now (it is ready); finished and cancelled orders keep their last estimate.
 */
export function estimateWindow(
  status: OrderStatus,
  range: Partial<PreparationRange> | null | undefined,
  now: Date,
): EstimateWindow | null {
  if (status === "ready") return { from: now, at: now };
  if (status !== "confirmed") return null;
  const { min, max } = preparationRange(range);
  return {
    from: new Date(now.getTime() + min * MINUTE_MS),
    at: new Date(now.getTime() + max * MINUTE_MS),
  };
}

/** What a screen needs from an order (the contract's Order satisfies it). */
export interface EstimateSource {
  status: OrderStatus;
  estimatedDeliveryTime: string | null;
  estimatedReadyFrom?: string | null | undefined;
  vendor?: { preparation_time_min: number; preparation_time_max: number } | null | undefined;
}

const minutesUntil = (iso: string, now: number) => Math.ceil((Date.parse(iso) - now) / MINUTE_MS);

/**
 * The estimated time a screen shows for an order, or null for a finished order (nothing to wait for): the spec's
 * rule exactly — a future `estimatedDeliveryTime` gives 'n-(n+5) minutes' (n: whole minutes until it, at least 1),
 * else the vendor's preparation range, else '10-15 minutes'. A ready order says it is ready.
 */
export function orderEstimateText(
  order: EstimateSource,
  style: EstimateStyle,
  now: number = Date.now(),
): string | null {
  if (order.status === "ready") return READY_TEXT;
  if (isFinalStatus(order.status)) return null;
  const at = order.estimatedDeliveryTime;
  if (at && Number.isFinite(Date.parse(at)) && Date.parse(at) > now) {
    const minutes = Math.max(1, minutesUntil(at, now));
    return rangeText({ min: minutes, max: minutes + ESTIMATE_SPREAD_MIN }, style);
  }
  const vendor = order.vendor;
  return vendorEstimateText(
    vendor ? { min: vendor.preparation_time_min, max: vendor.preparation_time_max } : null,
    style,
  );
}

/** True once an unfinished order's estimatedDeliveryTime has passed (screens may style it as a warning). */
export function isRunningLate(order: EstimateSource, now: number = Date.now()): boolean {
  if (order.status === "ready" || isFinalStatus(order.status)) return false;
  const at = order.estimatedDeliveryTime;
  return Boolean(at && Number.isFinite(Date.parse(at)) && Date.parse(at) <= now);
}
