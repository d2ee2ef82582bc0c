import { notificationTone, orderStatusNotificationText } from "@contract/order-status";
import type { OrderStatusNotification } from "@contract/orders";
import { brand } from "@/lib/brand";
import { toasts } from "@/lib/toast-store";
import { playBeep } from "./beep";
import { reportNoticeShown } from "./notice-shown";
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
  // Seen on screen: the server records it (the kitchen's "customer notified"; no text message needed).
  if (document.visibilityState === "visible")
    reportNoticeShown(notification.orderId, notification.status, "toast");
  // The brand's notifications flag: off, the toast is all (no system notification).
  if (!brand.features.notifications) return;
  void showSystemNotification({
    title,
    body: message,
    url: `/order/${notification.orderId}`,
    tag: `order-${notification.orderId}`, // the service worker's push notifications use the same tag (sw/protocol.ts)
  }).then((shown) => {
    if (shown) reportNoticeShown(notification.orderId, notification.status, "push");
  });
}

/** "Your whole order is ready": the last part of a basket from several trailers turned ready. */
export function announceBasketReady(
  basket: { orderIds: readonly number[]; title: string; body: string },
  view: (orderId: number) => void,
): void {
  const last = basket.orderIds[basket.orderIds.length - 1];
  toasts.push({
    kind: "order-status",
    title: basket.title,
    message: basket.body,
    tone: "success",
    about: `basket-${basket.orderIds.join("-")}`,
    ...(last ? { action: { label: "View", onClick: () => view(last) } } : {}),
  });
  void playBeep();
  if (!brand.features.notifications || last === undefined) return;
  void showSystemNotification({
    title: basket.title,
    body: basket.body,
    url: `/order/${last}`,
    tag: `order-${last}`,
  });
}
