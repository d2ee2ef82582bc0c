import { type PageToWorkerMessage, USER_CACHE_PREFIX } from "@contract/worker-protocol";

const REPLY_TIMEOUT_MS = 2000;

function askWorker(worker: ServiceWorker, message: PageToWorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, REPLY_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Sign-out: the cached cart and order responses go. The page deletes them itself (works even when no worker
 * runs) and tells the worker, so a response still in flight for the old session is not stored afterwards.
 */
export async function clearUserDataCaches(): Promise<void> {
  const deletions: Promise<unknown>[] = [];
  if (typeof caches !== "undefined") {
    const names = await caches.keys().catch(() => [] as string[]);
    deletions.push(
      ...names
        .filter((name) => name.startsWith(USER_CACHE_PREFIX))
        .map((name) => caches.delete(name)),
    );
  }
  if (typeof navigator !== "undefined" && "serviceWorker" in navigator) {
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    const worker = navigator.serviceWorker.controller ?? registration?.active;
    if (worker) deletions.push(askWorker(worker, { type: "CLEAR_USER_DATA" }));
  }
  await Promise.allSettled(deletions);
}

const SAVE_MENUS_TIMEOUT_MS = 120_000;

/**
 * Signed in: ask the worker to save every open trailer's menu and pictures in the background, so menus never
 * visited open offline. Resolves when the worker says it is done (or after a while); never rejects.
 */
export async function saveMenusForOffline(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready.catch(() => undefined);
  const worker = registration?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, SAVE_MENUS_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    const message: PageToWorkerMessage = { type: "SAVE_MENUS" };
    worker.postMessage(message, [channel.port2]);
  });
}
