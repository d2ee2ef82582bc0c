import { isFinalStatus } from "@contract/order-status";
import type { Order, OrderStatus } from "@contract/orders";

export interface VendorColumn {
  vendorId: number;
  vendorName: string;
  orders: Order[];
}

/** Orders grouped per vendor (vendors by name), each vendor's orders oldest first: the kitchen's queue. */
export function groupByVendor(orders: readonly Order[]): VendorColumn[] {
  const columns = new Map<number, VendorColumn>();
  for (const order of orders) {
    const column = columns.get(order.vendorId) ?? {
      vendorId: order.vendorId,
      vendorName: order.vendorName,
      orders: [],
    };
    column.orders.push(order);
    columns.set(order.vendorId, column);
  }
  for (const column of columns.values()) {
    column.orders.sort(
      (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
    );
  }
  return [...columns.values()].sort((a, b) => a.vendorName.localeCompare(b.vendorName, "en-GB"));
}

export interface BoardFilter {
  /** null = every vendor. */
  vendorId: number | null;
  showFinished: boolean;
}

export function filterBoard(orders: readonly Order[], filter: BoardFilter): Order[] {
  return orders.filter(
    (order) =>
      (filter.vendorId === null || order.vendorId === filter.vendorId) &&
      (filter.showFinished || !isFinalStatus(order.status)),
  );
}

/** The one-tap button's words for moving an order on to `next`. */
export function advanceLabel(current: OrderStatus, next: OrderStatus): string {
  if (current === "pending_payment" && next === "confirmed") return "Cash taken: confirm";
  switch (next) {
    case "confirmed":
      return "Confirm order";
    case "preparing":
      return "Start preparing";
    case "ready":
      return "Mark ready";
    case "completed":
      return "Mark collected";
    case "delivered":
      return "Mark delivered";
    default:
      return `Mark ${next}`;
  }
}

/** The vendors to filter by: every known trailer plus any that only appear in today's orders, by name. */
export function vendorsOf(
  orders: readonly Order[],
  known: readonly { id: number; name: string }[] = [],
): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const vendor of known) seen.set(vendor.id, vendor.name);
  for (const order of orders) seen.set(order.vendorId, order.vendorName);
  return [...seen]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}
