import { orderStatusNotificationText } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";

/** The spec's sample order (#25) at a demo vendor. */
export const SAMPLE_ORDER = { orderId: 25, vendorName: "Smokey Joe's BBQ" } as const;

export const SAMPLE_STATUSES = [
  "confirmed",
  "preparing",
  "ready",
  "cancelled",
] as const satisfies readonly OrderStatus[];

/** The same message web push would carry for this status (contract/push.ts). */
export function sampleStatusMessage(status: OrderStatus) {
  const { orderId, vendorName } = SAMPLE_ORDER;
  return {
    orderId,
    status,
    ...orderStatusNotificationText({ orderId, status, vendorName }),
    url: `/order/${orderId}`,
  };
}
