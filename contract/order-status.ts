import type { OrderType } from "./common";
import type { OrderStatus } from "./orders";

/**
 * Which status may follow which (the graph and why: docs/decisions/orders.md).
 * The server enforces it; the staff board uses it to offer only the moves the server will accept.
 */
const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["confirmed"],
  // Cash at the counter: staff confirm once the customer has paid.
  pending_payment: ["confirmed"],
  confirmed: ["preparing"],
  preparing: ["ready"],
  // Resolved per order type in nextForwardStatus.
  ready: ["completed", "delivered"],
  delivered: [],
  completed: [],
  cancelled: [],
};

export const FINAL_STATUSES: readonly OrderStatus[] = ["completed", "delivered", "cancelled"];

/**
 * How far along an order is. The server only ever moves an order forward, so of two copies of one order the
 * one at a lower step is older, whatever the clocks say (the client never lets a status go backwards, nor
 * announces one it has already passed).
 */
const STEP: Record<OrderStatus, number> = {
  pending: 0,
  pending_payment: 0,
  confirmed: 1,
  preparing: 2,
  ready: 3,
  completed: 4,
  delivered: 4,
  cancelled: 4,
};

export const statusStep = (status: OrderStatus): number => STEP[status];

export const isFinalStatus = (status: OrderStatus): boolean => FINAL_STATUSES.includes(status);

/** The one step forward from `status`, or null when the order is finished. */
export function nextForwardStatus(status: OrderStatus, orderType: OrderType): OrderStatus | null {
  if (status === "ready") return orderType === "delivery" ? "delivered" : "completed";
  return FORWARD[status][0] ?? null;
}

/** Every status `status` may change to: one step forward, or cancelled from any unfinished state. */
export function allowedNextStatuses(status: OrderStatus, orderType: OrderType): OrderStatus[] {
  if (isFinalStatus(status)) return [];
  const forward = nextForwardStatus(status, orderType);
  return forward ? [forward, "cancelled"] : ["cancelled"];
}

export const canTransition = (from: OrderStatus, to: OrderStatus, orderType: OrderType): boolean =>
  allowedNextStatuses(from, orderType).includes(to);

/** Short human name, used on pills and buttons. Never colour alone: this text goes beside it. */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: "Pending",
  pending_payment: "Pending Payment",
  confirmed: "Confirmed",
  preparing: "Preparing",
  ready: "Ready for Pickup",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** 'pending_payment' → 'Pending Payment'; unknown statuses are title-cased word by word. */
export function titleCaseStatus(status: string): string {
  return status
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

const BANNER_TEXT: Partial<Record<string, string>> = {
  completed: "Order Completed",
  ready: "Ready for Pickup",
  preparing: "Preparing Order",
  pending: "Order Pending",
  pending_payment: "Pending Payment",
  cancelled: "Order Cancelled",
};

/** The product spec (docs/product-spec.md § States and transitions): the order banner; any other status reads 'Order {Status}'. */
export function statusBannerText(status: string): string {
  return BANNER_TEXT[status] ?? `Order ${titleCaseStatus(status)}`;
}

/** One sentence telling a customer what a status change means (toasts, and later web push). */
export function statusChangeMessage(status: OrderStatus, vendorName?: string): string {
  const from = vendorName ? ` from ${vendorName}` : "";
  switch (status) {
    case "confirmed":
      return `Your order${from} has been confirmed.`;
    case "preparing":
      return `Your order${from} is being prepared.`;
    case "ready":
      return `Your order${from} is ready for pickup.`;
    case "delivered":
      return `Your order${from} has been delivered.`;
    case "completed":
      return `Your order${from} is complete. Enjoy!`;
    case "cancelled":
      return `Your order${from} has been cancelled.`;
    case "pending_payment":
      return `Your order${from} is waiting for payment at the counter.`;
    default:
      return `Your order${from} is ${STATUS_LABEL[status].toLowerCase()}.`;
  }
}

/**
 * THE text of an order-status notification, naming the trailer (with orders from several trailers the
 * customer must know which one is ready). One builder for socket toasts, web push payloads (which the service
 * worker shows as sent) and the test notification page.
 */
export function orderStatusNotificationText(notification: {
  orderId: number;
  status: OrderStatus;
  vendorName?: string | undefined;
}): { title: string; body: string } {
  const { orderId, status, vendorName } = notification;
  return {
    title: vendorName ? `${vendorName} · Order #${orderId}` : `Order #${orderId}`,
    body: statusChangeMessage(status, vendorName),
  };
}

export type NotificationTone = "info" | "warning" | "success" | "error" | "neutral";

/** The product spec (docs/product-spec.md § States and transitions), notification colours: confirmed blue, preparing orange, ready and completed green, cancelled red, others neutral. */
export function notificationTone(status: OrderStatus): NotificationTone {
  switch (status) {
    case "confirmed":
      return "info";
    case "preparing":
      return "warning";
    case "ready":
    case "completed":
      return "success";
    case "cancelled":
      return "error";
    default:
      return "neutral";
  }
}

/**
 * THE text of "your whole order is ready": sent once, when the last part of a basket from several trailers turns
 * ready (besides each part's own status notification). Names where to collect, in the basket's order.
 */
export function basketReadyNotificationText(basket: {
  orderIds: readonly number[];
  vendorNames: readonly string[];
}): { title: string; body: string } {
  const numbers = basket.orderIds.map((id) => `#${id}`).join(", ");
  return {
    title: "Your whole order is ready",
    body: `Every part of your order is ready: collect ${numbers} from ${basket.vendorNames.join(", ")}.`,
  };
}

/** The ready text message: one plain SMS segment (≤ 160 GSM characters), cut to fit long trailer names. */
export function readyTextMessage(order: { orderId: number; vendorName: string }): string {
  const tail = ` is ready for pickup. Show order #${order.orderId} at the hatch.`;
  const head = "Food Park: your order from ";
  const room = 160 - head.length - tail.length;
  const name = gsmPlain(order.vendorName);
  const fitted = name.length > room ? `${name.slice(0, Math.max(0, room - 1))}.` : name;
  return `${head}${fitted}${tail}`;
}

/** Plain GSM text: letters, digits and common punctuation; anything else becomes a close ASCII form or goes. */
export function gsmPlain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/&/g, "and")
    .replace(/[^A-Za-z0-9 .,:;!?'"()\-+/#@%*=£$]/g, "")
    .trim();
}
