import { statusStep } from "@contract/order-status";
import type { Order } from "@contract/orders";

/**
 * Nothing goes backwards. A copy of an order (the worker's cached answer offline, a list
 * fetched before a live update landed, a restored cache) must never replace a newer one already shown: offline,
 * an order page that showed 'Preparing' must not fall back to 'Confirmed'. The server only ever moves an order
 * forward (contract/order-status.ts), so a lower step is older whatever the clocks say; at the same step the
 * later `updated_at` wins, and a tie goes to the copy that just arrived.
 */

const time = (value: string | undefined) => {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? null : parsed;
};

/** Whether `candidate` is older than `shown` (a copy of the same order). */
export function isOlderOrder(
  candidate: Pick<Order, "status" | "updated_at">,
  shown: Pick<Order, "status" | "updated_at">,
): boolean {
  const step = statusStep(candidate.status) - statusStep(shown.status);
  if (step !== 0) return step < 0;
  const candidateTime = time(candidate.updated_at);
  const shownTime = time(shown.updated_at);
  return candidateTime !== null && shownTime !== null && candidateTime < shownTime;
}

/** The order to show: the arriving copy unless it is older than the one shown. */
export function newerOrder(shown: Order | undefined, arriving: Order): Order {
  return shown && shown.id === arriving.id && isOlderOrder(arriving, shown) ? shown : arriving;
}

/** The list to show: the arriving list (which orders exist), each order the newer of the two copies. */
export function newerOrders(shown: readonly Order[] | undefined, arriving: Order[]): Order[] {
  if (!shown?.length) return arriving;
  const byId = new Map(shown.map((order) => [order.id, order]));
  return arriving.map((order) => newerOrder(byId.get(order.id), order));
}
