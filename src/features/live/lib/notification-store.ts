import { NOTIFICATIONS_KEPT } from "@contract/limits";
import type { OrderStatusNotification } from "@contract/orders";

export interface ReceivedNotification extends OrderStatusNotification {
  receivedAt: number;
}

/** The latest order-status notifications received (the product spec (docs/product-spec.md § Business constants and limits): the 10 latest), newest first. */
export function createNotificationStore(limit = NOTIFICATIONS_KEPT, now: () => number = Date.now) {
  let items: readonly ReceivedNotification[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    add(notification: OrderStatusNotification) {
      items = [{ ...notification, receivedAt: now() }, ...items].slice(0, limit);
      emit();
    },
    clear() {
      items = [];
      emit();
    },
    getSnapshot: () => items,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export const receivedNotifications = createNotificationStore();
