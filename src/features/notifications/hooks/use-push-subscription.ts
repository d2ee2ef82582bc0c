import { useEffect } from "react";
import { pushSupported } from "../lib/push-support";

/**
 * Keeps the signed-in customer's web push subscription on the server (see lib/push-sync). The code loads
 * only for a signed-in customer whose browser can take pushes, never on the cold-start path.
 */
export function usePushSubscription(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !pushSupported()) return;
    let stop: (() => void) | undefined;
    let active = true;
    void import("../lib/push-sync").then(({ startPushSync }) => {
      if (active) stop = startPushSync();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [signedIn]);
}
