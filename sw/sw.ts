/// <reference lib="webworker" />

import type { PageToWorkerMessage, WorkerToPageMessage } from "@contract/worker-protocol";
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { saveAllMenus } from "./menu-prefetch";
import { registerPushHandlers } from "./push";
import { clearUserData, registerRoutes } from "./routes";
import { saveFirstShells } from "./shells";

declare const self: ServiceWorkerGlobalScope;

// The shell and hashed assets. "/" is left to the navigation route, so it gets navigation preload too.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "" });
cleanupOutdatedCaches();
registerRoutes();
registerPushHandlers();
self.addEventListener("install", (event) => event.waitUntil(saveFirstShells()));

self.addEventListener("message", (event) => {
  const message = event.data as PageToWorkerMessage | null;
  // A new version waits until the customer taps 'Reload' (never a silent swap mid-order).
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
  if (message?.type === "SAVE_MENUS") {
    event.waitUntil(
      saveAllMenus().then(
        (report) =>
          event.ports[0]?.postMessage({
            type: "MENUS_SAVED",
            ...report,
          } satisfies WorkerToPageMessage),
        () =>
          event.ports[0]?.postMessage({
            type: "MENUS_SAVED",
            menus: 0,
            items: 0,
            images: 0,
            skipped: true,
          } satisfies WorkerToPageMessage),
      ),
    );
  }
  if (message?.type === "CLEAR_USER_DATA") {
    const reply: WorkerToPageMessage = { type: "USER_DATA_CLEARED" };
    event.waitUntil(clearUserData().then(() => event.ports[0]?.postMessage(reply)));
  }
});
clientsClaim();
