import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../features/auth/hooks/auth-context";
import { useLiveConnection } from "../features/live/hooks/use-live-connection";
import { announceOrderStatus } from "../features/live/lib/announce";
import { unlockAudioOnFirstGesture } from "../features/live/lib/beep";
import { requestPermissionAtStart } from "../features/live/lib/notification-permission";
import { receivedNotifications } from "../features/live/lib/notification-store";
import { applyStatusNotification, orderKeys } from "../features/orders/api/orders-api";
import { logMessage } from "../lib/android";
import { brand } from "../lib/brand";
import { socketUrl } from "../lib/config";

/**
 * The signed-in app's live status feed: one socket while signed in, status changes written into
 * the order caches in place and announced. Renders nothing.
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
    return () => {
      stopAsking();
      stopUnlock();
      // The next person on this device must not see these.
      receivedNotifications.clear();
    };
  }, [signedIn]);

  useLiveConnection(session, {
    onOrderStatus(notification) {
      applyStatusNotification(queryClient, notification);
      announceOrderStatus(notification, (orderId) => navigate(`/order/${orderId}`));
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    onError: (error, context) =>
      logMessage(
        "warn",
        `${context}: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      ),
  });
  return null;
}
