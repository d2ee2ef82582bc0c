import { CACHE_NAMES } from "@contract/worker-protocol";
import type { QueryClient } from "@tanstack/react-query";
import { cartKeys } from "../features/cart/api/cart-keeper";
import { itemKeys } from "../features/item/api/item-api";
import { vendorKeys } from "../features/vendors/api/vendors-api";
import { revalidateGetsFor } from "../lib/api-client";

/** Long enough for the refetches a change starts to reach the server. */
const REVALIDATE_MS = 10_000;
const CATALOGUE_PATH = /^\/api\/(vendors|menu-items)\//;

/**
 * The menus the service worker saved for offline use, dropped: once online they are never served stale.
 * The refetches below save the fresh copies again as they pass through the worker.
 */
async function dropSavedMenus(): Promise<void> {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(CACHE_NAMES.menus);
  const keys = await cache.keys();
  await Promise.all(
    keys
      .filter((request) => CATALOGUE_PATH.test(new URL(request.url).pathname))
      .map((request) => cache.delete(request)),
  );
}

/**
 * The park's catalogue changed (an item sold out or back on, a trailer opened, paused or closed): every screen
 * showing it refetches now, past the browser's and the worker's short-lived copies. Cached data the spec keeps
 * for a while (the add-on groups) is replaced in place; the spec's cache times themselves stay as they are.
 */
export async function refreshCatalogue(client: QueryClient): Promise<void> {
  revalidateGetsFor(REVALIDATE_MS);
  await dropSavedMenus().catch(() => undefined);
  await Promise.all([
    client.invalidateQueries({ queryKey: vendorKeys.all }),
    client.invalidateQueries({ queryKey: itemKeys.all }),
    client.invalidateQueries({ queryKey: ["menu-search"] }),
    client.invalidateQueries({ queryKey: cartKeys.all }),
    // The /vendors page reads its list without a query observer: refetched by key, not by being active.
    client.refetchQueries({ queryKey: [...vendorKeys.all, "list"] }),
  ]);
}

/**
 * The screen's catalogue fetched before the live connection was up may have missed a change made in between:
 * the menus shown are fetched again past the browser's short-lived copy (the worker's saved menus stay for offline).
 * Not the cart: it is read once per screen (a second GET would double every cart load), and the server refuses a
 * sold-out line at checkout with its name anyway.
 */
export async function revalidateShownCatalogue(client: QueryClient): Promise<void> {
  revalidateGetsFor(REVALIDATE_MS);
  await Promise.all([
    client.invalidateQueries({ queryKey: vendorKeys.all, refetchType: "active" }),
    client.invalidateQueries({ queryKey: itemKeys.all, refetchType: "active" }),
  ]);
}
