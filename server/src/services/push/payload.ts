import { basketReadyNotificationText, orderStatusNotificationText } from "@contract/order-status";
import type { PushPayload } from "@contract/push";
import type { BasketReady, OrderStatusChanged } from "@server/events.js";

/** The message the service worker turns into a system notification (contract/push.ts). */
export function orderStatusPayload(
  event: Pick<OrderStatusChanged, "orderId" | "status" | "vendorName">,
): PushPayload {
  const text = orderStatusNotificationText(event);
  return {
    type: "order-status",
    orderId: event.orderId,
    status: event.status,
    vendorName: event.vendorName,
    title: text.title,
    body: text.body,
    url: `/order/${event.orderId}`,
  };
}

/** "Your whole order is ready": an order-status push about the basket's last part, with the basket's text. */
export function basketReadyPayload(event: BasketReady): PushPayload {
  const text = basketReadyNotificationText(event);
  const orderId = event.orderIds[event.orderIds.length - 1]!;
  return {
    type: "order-status",
    orderId,
    status: "ready",
    vendorName: event.vendorNames.join(", "),
    title: text.title,
    body: text.body,
    url: `/order/${orderId}`,
  };
}
