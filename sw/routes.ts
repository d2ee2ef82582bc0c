/// <reference lib="webworker" />

import { shellKind } from "@contract/shells";
import { CACHE_NAMES, USER_CACHE_PREFIX } from "@contract/worker-protocol";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type {
  RouteHandlerCallback,
  RouteHandlerCallbackOptions,
  WorkboxPlugin,
} from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { createHandlerBoundToURL } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { savedShell, saveShell } from "./shells";

declare const self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;
/** Park Wi-Fi can hang rather than fail: after this long the saved copy is better than waiting. */
const NETWORK_TIMEOUT_S = 3;

/** Paths that are never a page: the API, auth, realtime, health and the card provider's pages. */
export const NAVIGATION_DENYLIST = [
  /^\/api(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/healthz/,
  /^\/pay\//,
];

const MENU_PATHS = [
  /^\/api\/vendors\/list$/,
  /^\/api\/vendors\/[^/]+$/,
  /^\/api\/vendors\/[^/]+\/items$/,
  /^\/api\/menu-items\/.+/,
];

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * User data is cached by URL, but the request carried one customer's token. A response still in flight
 * when that customer signs out must not land in the cache afterwards: each sign-out starts a new generation,
 * and a response fetched in an older one is not stored.
 */
let userGeneration = 0;
const generationGuard: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = userGeneration;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    state?.generation === userGeneration ? response : null,
};

export async function clearUserData(): Promise<void> {
  userGeneration += 1;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A page is the shell the server last sent for its kind (sw/shells.ts), from the worker at once; the network's copy,
 * fetched through navigation preload (started while the worker boots), is saved for the next visit. With no saved
 * shell it is the network's copy, or the precached shell when offline, slow or failing.
 */
function navigationHandler(): RouteHandlerCallback {
  const appShell = createHandlerBoundToURL("/index.html");
  const authShell = createHandlerBoundToURL("/shell-auth.html");
  return async (options: RouteHandlerCallbackOptions) => {
    const event = options.event as FetchEvent;
    const preload: Promise<Response | undefined> =
      event.preloadResponse ?? Promise.resolve(undefined);
    const network = preload.then((preloaded) => preloaded ?? fetch(options.request));
    // The copy to save is cloned before the page can read the body; the preload is always settled, so the
    // browser does not cancel it noisily.
    event.waitUntil?.(
      network.then((response) => saveShell(options.url, response.clone())).catch(() => undefined),
    );
    const saved = await savedShell(options.url).catch(() => undefined);
    if (saved) return saved;
    try {
      const response = await withTimeout(network, NETWORK_TIMEOUT_S * 1000);
      if (response.ok) return response;
    } catch {
      // offline or too slow: the shell below
    }
    return shellKind(options.url.pathname, []) === "auth" ? authShell(options) : appShell(options);
  };
}

export function registerRoutes(): void {
  enableNavigationPreload();
  registerRoute(new NavigationRoute(navigationHandler(), { denylist: NAVIGATION_DENYLIST }));

  // Vendor list and menus: shown at once from the cache (menus seen once open offline), refreshed behind.
  registerRoute(
    ({ url }) => sameOrigin(url) && MENU_PATHS.some((path) => path.test(url.pathname)),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.menus,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        // Room for every open trailer's saved menu and dishes (sw/menu-prefetch.ts) besides what was browsed.
        new ExpirationPlugin({
          maxEntries: 500,
          maxAgeSeconds: 7 * DAY_S,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );

  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith("/images/"),
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 200,
          maxAgeSeconds: 30 * DAY_S,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );

  // One customer's data: fresh when the network answers within 3 s, else the last copy. Only GETs are
  // routed, so order and cart writes, payments and auth always go to the network untouched.
  const userData = (cacheName: string) =>
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_S,
      plugins: [
        generationGuard,
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_S, purgeOnQuotaError: true }),
      ],
    });
  registerRoute(
    ({ url }) => sameOrigin(url) && /^\/api\/orders(\/|$)/.test(url.pathname),
    userData(CACHE_NAMES.orders),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname === "/api/cart",
    userData(CACHE_NAMES.cart),
  );
}
