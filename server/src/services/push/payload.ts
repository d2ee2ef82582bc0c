import { orderStatusNotificationText } from "@contract/order-status";
import type { PushPayload } from "@contract/push";
import type { OrderStatusChanged } from "@server/events.js";

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
