import { isFinalStatus } from "@contract/order-status";
import type { Order, OrderStatusNotification } from "@contract/orders";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { fetchProfile } from "../features/auth/api/auth-api";
import { useAuth } from "../features/auth/hooks/auth-context";
import { useLiveConnection } from "../features/live/hooks/use-live-connection";
import { announceBasketReady, announceOrderStatus } from "../features/live/lib/announce";
import { announcedStatuses } from "../features/live/lib/announced-statuses";
import { unlockAudioOnFirstGesture } from "../features/live/lib/beep";
import { forgetReportedNotices, reportWorkerNotices } from "../features/live/lib/notice-shown";
import { requestPermissionAtStart } from "../features/live/lib/notification-permission";
import { receivedNotifications } from "../features/live/lib/notification-store";
import { logMessage } from "../lib/android";
import { ApiError } from "../lib/api-client";
import { announceSessionExpired, currentToken } from "../lib/auth-storage";
import { brand } from "../lib/brand";
import { socketUrl } from "../lib/config";
import { orderKeys } from "../lib/order-keys";
import { applyStatusNotification } from "../lib/order-queries";
import { refreshCatalogue, revalidateShownCatalogue } from "./catalogue-refresh";

/** Every order the cache holds (lists and details), by id; the detail wins over a list copy. */
function cachedOrders(client: QueryClient): Map<number, Order> {
  const orders = new Map<number, Order>();
  for (const [, data] of client.getQueriesData<Order[] | Order>({ queryKey: orderKeys.all })) {
    if (Array.isArray(data))
      for (const order of data) if (!orders.has(order.id)) orders.set(order.id, order);
  }
  for (const [, data] of client.getQueriesData<Order[] | Order>({ queryKey: orderKeys.all })) {
    if (data && !Array.isArray(data)) orders.set(data.id, data);
  }
  return orders;
}

const holdsOpenOrder = (data: unknown) =>
  Array.isArray(data)
    ? (data as Order[]).some((order) => !isFinalStatus(order.status))
    : !!data && !isFinalStatus((data as Order).status);

/**
 * After a reconnect: refetch the cached queries that hold an open order, and announce any status that changed
 * meanwhile (once: `announce` skips what was already announced, e.g. by an event the recovered socket replayed).
 */
export async function catchUpOnOrders(
  client: QueryClient,
  announce: (notification: OrderStatusNotification) => void,
  which: "all" | "active" = "all",
): Promise<void> {
  const before = cachedOrders(client);
  await client.refetchQueries({
    queryKey: orderKeys.all,
    type: which,
    predicate: (query) => holdsOpenOrder(query.state.data),
  });
  for (const [orderId, order] of cachedOrders(client)) {
    const was = before.get(orderId);
    if (was && was.status !== order.status) {
      announce({
        orderId,
        status: order.status,
        vendorName: order.vendorName,
        updatedAt: order.updated_at,
      });
    }
  }
}

/**
 * The socket said `auth-error`: is the stored token (perhaps renewed by another tab) still good? The server
 * decides (GET /auth/me); a refused one ends the session like any 401.
 */
async function revalidateToken(): Promise<string | null> {
  const token = currentToken();
  if (!token) return null;
  try {
    await fetchProfile(token);
    return token;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404))
      announceSessionExpired();
    return null;
  }
}

/**
 * The signed-in app's live status feed: one socket while signed in, status changes written into
 * the order caches in place and announced once each. Renders nothing.
 */
export default function LiveUpdates() {
  const { status, token, user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = status === "signed-in" && token !== null && user !== null;
  const session = useMemo(
    () => (signedIn ? { token: token!, userId: user!.id, url: socketUrl } : null),
    [signedIn, token, user],
  );

  useEffect(() => {
    if (!signedIn) return;
    // The brand's notifications flag: off, no permission prompt and no system notifications (toasts stay).
    const stopAsking = brand.features.notifications ? requestPermissionAtStart() : () => undefined;
    const stopUnlock = unlockAudioOnFirstGesture();
    const stopWorkerNotices = reportWorkerNotices();
    return () => {
      stopAsking();
      stopUnlock();
      stopWorkerNotices();
      forgetReportedNotices();
      // The next person on this device must not see these.
      receivedNotifications.clear();
      announcedStatuses.clear();
    };
  }, [signedIn]);

  const announce = (notification: OrderStatusNotification) => {
    const movedBack = notification.move === "undo" || notification.move === "recall";
    if (announcedStatuses.claim(notification.orderId, notification.status, movedBack)) {
      announceOrderStatus(notification, (orderId) => navigate(`/order/${orderId}`));
    }
  };

  useLiveConnection(session, {
    onOrderStatus(notification) {
      applyStatusNotification(queryClient, notification);
      // A cancel carries its reason and refund only in the order itself: fetch it for the line under the banner.
      if (notification.status === "cancelled")
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(notification.orderId) });
      announce(notification);
    },
    onBasketReady: (basket) =>
      announceBasketReady(basket, (orderId) => navigate(`/order/${orderId}`)),
    onCatalogueChanged: () => void refreshCatalogue(queryClient).catch(() => undefined),
    onFirstConnect: () => void revalidateShownCatalogue(queryClient).catch(() => undefined),
    // Only the open orders on screen: a change made between their fetch and the room's join.
    onFirstJoin: () => void catchUpOnOrders(queryClient, announce, "active").catch(() => undefined),
    onResync: () => {
      void catchUpOnOrders(queryClient, announce).catch(() => undefined);
      // A catalogue change may have been missed while away.
      void refreshCatalogue(queryClient).catch(() => undefined);
    },
    revalidateToken,
    onError: (error, context) =>
      logMessage(
        "warn",
        `${context}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      ),
  });
  return null;
}
