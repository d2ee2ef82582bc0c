import { statusStep } from "@contract/order-status";
import type { Order } from "@contract/orders";

/**
 * Nothing goes backwards by accident. A copy of an order (the worker's cached answer offline, a list
 * fetched before a live update landed, a restored cache) must never replace a newer one already shown: offline,
 * an order page that showed 'Preparing' must not fall back to 'Confirmed'. The server moves an order back only as
 * an audited staff undo or recall, and stamps it then: so a lower step is older unless the server stamped it
 * strictly later (that undo or recall); at the same step the later `updated_at` wins, and a tie goes to the copy
 * that just arrived.
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
  const candidateTime = time(candidate.updated_at);
  const shownTime = time(shown.updated_at);
  const known = candidateTime !== null && shownTime !== null;
  if (step > 0) return false;
  // Moved back by staff (undo, recall) after the copy shown: the newer truth.
  if (step < 0) return !(known && candidateTime > shownTime);
  return known && candidateTime < shownTime;
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
