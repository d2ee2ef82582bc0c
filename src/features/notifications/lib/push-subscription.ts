import { logMessage } from "@/lib/android";
import { deleteSubscription, fetchPushPublicKey, saveSubscription } from "../api/push-api";
import { pushSupported } from "./push-support";

export { pushSupported };

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/**
 * With permission granted: make sure this browser has a push subscription for the server's current key,
 * and (re)send it to the server. Run after sign-in, on every start and when the worker reports a change,
 * so a subscription the browser replaced while no page was open reaches the server on the next visit.
 */
export async function syncPushSubscription(): Promise<"subscribed" | "skipped"> {
  if (!pushSupported() || Notification.permission !== "granted") return "skipped";
  const registration = await navigator.serviceWorker.ready;
  const serverKey = base64UrlToBytes(await fetchPushPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    // The server's keys changed: the old subscription can never be sent to again.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  await saveSubscription(subscription.toJSON());
  return "subscribed";
}

/** Asks for permission (call from a tap) and subscribes when granted. */
export async function enableNotifications(): Promise<NotificationPermission> {
  if (!pushSupported()) return "denied";
  const permission = await Notification.requestPermission();
  if (permission === "granted") await syncPushSubscription().catch(logPushFailure);
  return permission;
}

/**
 * Sign-out: this phone stops receiving the customer's order updates. Unsubscribing in the browser works
 * without the network or a token (the push service then answers 410 and the server drops the row); the
 * DELETE tidies the server at once when it can.
 */
export async function forgetPushSubscription(previousToken: string | null): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe().catch(() => false);
  if (previousToken) await deleteSubscription(endpoint, previousToken).catch(() => undefined);
}

export function logPushFailure(error: unknown): void {
  logMessage(
    "warn",
    `Push subscription: ${error instanceof Error ? error.message : String(error)}`,
  );
}
