import type { Order } from "../../../../contract/orders";

type EstimateSource = Pick<Order, "vendor" | "estimatedDeliveryTime">;

const DEFAULT_RANGE: [number, number] = [10, 15];
const SPREAD_MIN = 5;

/** The minutes range an order should take: from estimatedDeliveryTime, else the vendor's preparation time, else 10-15. */
export function estimatedRange(order: EstimateSource, now: number = Date.now()): [number, number] {
  if (order.estimatedDeliveryTime) {
    const minutes = Math.ceil((Date.parse(order.estimatedDeliveryTime) - now) / 60_000);
    if (Number.isFinite(minutes) && minutes > 0) return [minutes, minutes + SPREAD_MIN];
  }
  const { preparation_time_min: min, preparation_time_max: max } = order.vendor;
  if (min > 0 && max >= min) return [min, max];
  return DEFAULT_RANGE;
}

/**
 * Spec section 9: '10-15 min' in the list and track views, '10-15 minutes' elsewhere, with the
 * numbers from the order when it has them.
 */
export function estimatedTimeText(
  order: EstimateSource,
  style: "short" | "long",
  now: number = Date.now(),
): string {
  const [from, to] = estimatedRange(order, now);
  return `${from}-${to} ${style === "short" ? "min" : "minutes"}`;
}
