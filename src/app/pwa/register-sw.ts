import { isWorkerToPageMessage, safeInAppPath } from "@contract/worker-protocol";
import { Workbox } from "workbox-window";
import { logMessage } from "@/lib/android";
import { IN_APP_NAVIGATE_EVENT } from "./in-app-navigation";
import { updatePrompt } from "./update-store";

/** Browsers check for a new worker on navigations; a phone left on one page also checks when it comes back. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only, after load). A new version never takes over by
 * itself: the page offers 'Update available — Reload', and only that tap activates it and reloads.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });

  workbox.addEventListener("waiting", () => {
    updatePrompt.offer(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });

  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS)
      return;
    lastCheck = Date.now();
    void workbox.update().catch(() => undefined);
  });

  // A tapped notification: the app's router shows the order in place (App listens for this event).
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    if (!isWorkerToPageMessage(event.data) || event.data.type !== "NAVIGATE") return;
    window.dispatchEvent(
      new CustomEvent(IN_APP_NAVIGATE_EVENT, { detail: safeInAppPath(event.data.url) }),
    );
  });

  workbox.register().catch((error: unknown) => {
    logMessage(
      "warn",
      `Service worker registration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
}
