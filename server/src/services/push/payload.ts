import { statusBannerText } from "../../../../contract/order-status";
import type { PushPayload } from "../../../../contract/push";
import type { OrderStatusChanged } from "../../events.js";

/** The message the service worker turns into a system notification (contract/push.ts). */
export function orderStatusPayload(
  event: Pick<OrderStatusChanged, "orderId" | "status" | "vendorName">,
): PushPayload {
  return {
    type: "order-status",
    orderId: event.orderId,
    status: event.status,
    vendorName: event.vendorName,
    title: `${event.vendorName} · Order #${event.orderId}`,
    body: statusBannerText(event.status),
    url: `/order/${event.orderId}`,
  };
}
