/// <reference lib="webworker" />
import type { PushPayload } from "@contract/push";
import {
  orderStatusNotification,
  safeInAppPath,
  type WorkerToPageMessage,
} from "@contract/worker-protocol";

declare const self: ServiceWorkerGlobalScope;

/** A push message's JSON, checked by hand (the worker stays free of the schema library). */
export function readPushPayload(data: PushMessageData | null): PushPayload | null {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  const payload = value as Partial<PushPayload> | null;
  if (
    typeof payload !== "object" ||
    payload === null ||
    payload.type !== "order-status" ||
    typeof payload.orderId !== "number" ||
    typeof payload.title !== "string" ||
    typeof payload.body !== "string"
  ) {
    return null;
  }
  return payload as PushPayload;
}

const appWindows = () => self.clients.matchAll({ type: "window", includeUncontrolled: true });

const post = (client: Client, message: WorkerToPageMessage) => client.postMessage(message);

async function showOrderStatus(payload: PushPayload): Promise<void> {
  // A visible window already shows the socket's in-app toast: one alert per change, not two.
  const windows = await appWindows();
  if (windows.some((client) => client.visibilityState === "visible")) return;
  const { title, options } = orderStatusNotification({
    ...payload,
    url: payload.url ?? `/order/${payload.orderId}`,
  });
  await self.registration.showNotification(title, options);
  await reportShown(payload, windows);
}

/**
 * The customer was shown this status (the server then sends no text for it). The worker says so itself with the
 * payload's notice token (that order and status only); open (hidden) pages are told too, and say it with the
 * customer's sign-in when a payload has none.
 */
async function reportShown(payload: PushPayload, windows: readonly Client[]): Promise<void> {
  for (const client of windows)
    post(client, { type: "NOTICE_SHOWN", orderId: payload.orderId, status: payload.status });
  const { noticeToken } = payload;
  if (typeof noticeToken !== "string" || !noticeToken) return;
  await fetch(`/api/orders/${payload.orderId}/notice-shown`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${noticeToken}` },
    body: JSON.stringify({ status: payload.status, via: "push" }),
  }).catch(() => undefined);
}

async function openInApp(path: string): Promise<void> {
  const windows = await appWindows();
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (!target) {
    await self.clients.openWindow(path);
    return;
  }
  await target.focus();
  // The page routes in place through its router: no reload, nothing the customer was doing is lost.
  post(target, { type: "NAVIGATE", url: path });
}

/**
 * The browser replaced the subscription. The worker holds no token, so it cannot tell the server itself:
 * it re-subscribes with the same key and asks open pages to send the new subscription; with no page open,
 * the page does it on its next start (it always re-sends the current subscription after sign-in).
 */
async function renewSubscription(event: PushSubscriptionChangeEvent): Promise<void> {
  const applicationServerKey = event.oldSubscription?.options.applicationServerKey;
  if (!event.newSubscription && applicationServerKey) {
    await self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey })
      .catch(() => undefined);
  }
  for (const client of await appWindows()) post(client, { type: "PUSH_SUBSCRIPTION_CHANGED" });
}

export function registerPushHandlers(): void {
  self.addEventListener("push", (event) => {
    const payload = readPushPayload(event.data);
    if (payload) event.waitUntil(showOrderStatus(payload));
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openInApp(safeInAppPath(data?.url)));
  });

  self.addEventListener("pushsubscriptionchange", (event) => {
    event.waitUntil(renewSubscription(event as PushSubscriptionChangeEvent));
  });
}
