import type { OrderStatus } from "./orders";

const BANNER_TEXT: Partial<Record<string, string>> = {
  completed: "Order Completed",
  ready: "Ready for Pickup",
  preparing: "Preparing Order",
  pending: "Order Pending",
  pending_payment: "Pending Payment",
  cancelled: "Order Cancelled",
};

const capitalise = (word: string) => (word ? `${word[0]!.toUpperCase()}${word.slice(1)}` : word);

/** The status banner text of spec section 4; any other status reads 'Order {Status}'. */
export function orderStatusText(status: OrderStatus | (string & {})): string {
  return BANNER_TEXT[status] ?? `Order ${status.split("_").map(capitalise).join(" ")}`;
}
