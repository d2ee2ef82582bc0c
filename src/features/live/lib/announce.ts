import { notificationTone, orderStatusNotificationText } from "@contract/order-status";
import type { OrderStatusNotification } from "@contract/orders";
import { brand } from "@/lib/brand";
import { toasts } from "@/lib/toast-store";
import { playBeep } from "./beep";
import { showSystemNotification } from "./notification-permission";
import { receivedNotifications } from "./notification-store";

/** A status change the customer should notice: kept, toasted (6 s, spec colours, 'View'), beeped, and shown by the system when in the background. */
export function announceOrderStatus(
  notification: OrderStatusNotification,
  view: (orderId: number) => void,
): void {
  receivedNotifications.add(notification);
  const { title, body: message } = orderStatusNotificationText(notification);
  toasts.push({
    kind: "order-status",
    title,
    message,
    tone: notificationTone(notification.status),
    about: `order-${notification.orderId}`,
    action: { label: "View", onClick: () => view(notification.orderId) },
  });
  void playBeep();
  // The brand's notifications flag: off, the toast is all (no system notification).
  if (!brand.features.notifications) return;
  void showSystemNotification({
    title,
    body: message,
    url: `/order/${notification.orderId}`,
    tag: `order-${notification.orderId}`, // the service worker's push notifications use the same tag (sw/protocol.ts)
  });
}
