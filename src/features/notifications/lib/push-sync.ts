import { isWorkerToPageMessage } from "@contract/worker-protocol";
import { logPushFailure, syncPushSubscription } from "./push-subscription";

/**
 * Keeps the signed-in customer's push subscription on the server: now, when permission is granted later
 * (whoever asked), and when the service worker reports that the browser replaced the subscription.
 * Returns the function that stops watching.
 */
export function startPushSync(): () => void {
  let active = true;
  const sync = () => {
    if (active) syncPushSubscription().catch(logPushFailure);
  };
  sync();

  let permission: PermissionStatus | undefined;
  navigator.permissions
    ?.query({ name: "notifications" })
    .then((status) => {
      if (!active) return;
      permission = status;
      status.onchange = () => {
        if (status.state === "granted") sync();
      };
    })
    .catch(() => undefined);

  const onWorkerMessage = (event: MessageEvent) => {
    if (isWorkerToPageMessage(event.data) && event.data.type === "PUSH_SUBSCRIPTION_CHANGED")
      sync();
  };
  navigator.serviceWorker.addEventListener("message", onWorkerMessage);

  return () => {
    active = false;
    if (permission) permission.onchange = null;
    navigator.serviceWorker.removeEventListener("message", onWorkerMessage);
  };
}
