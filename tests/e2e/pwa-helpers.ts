import { type BrowserContext, expect, type Page } from "@playwright/test";
import { DEMO } from "./helpers";

/** Shared by the service-worker tests (pwa.spec.ts, offline.spec.ts). */

/**
 * Waits until the worker is `activated` AND controls the page: `ready` alone can resolve while it is still
 * activating, and going offline before it controls the page would test the network, not the worker.
 */
export async function waitForControllingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== "activated") {
      await new Promise<void>((resolve) =>
        worker.addEventListener("statechange", () => worker.state === "activated" && resolve()),
      );
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
  });
}

/** The demo customer's token, for API calls beside the page. */
export async function apiToken(page: Page): Promise<string> {
  const response = await page.request.post("/auth/login", {
    data: { email: DEMO.email, password: DEMO.password },
  });
  return ((await response.json()) as { token: string }).token;
}

export interface MenuItemSummary {
  id: string;
  name: string;
  has_required_addongroups: boolean;
  available?: boolean;
}

/** Vendor 1's items that can be added without choosing add-ons. */
export async function simpleItems(page: Page): Promise<MenuItemSummary[]> {
  const menu = (await (await page.request.get("/api/vendors/1/items")).json()) as {
    items: { items: MenuItemSummary[] }[];
  };
  return menu.items
    .flatMap((group) => group.items)
    .filter((item) => !item.has_required_addongroups && item.available !== false);
}

/** Puts one item that needs no add-on choices into the customer's cart, through the API. */
export async function addSimpleItemToCart(page: Page, token: string): Promise<{ name: string }> {
  const [item] = await simpleItems(page);
  if (!item) throw new Error("vendor 1 has no item without required add-ons");
  const added = await page.request.post("/api/cart/add", {
    headers: { Authorization: `Bearer ${token}` },
    data: { itemId: item.id, vendorId: 1, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  return { name: item.name };
}

export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/**
 * The query cache the app saved in IndexedDB for offline use, parsed (null before the first save). It never creates
 * the database: an open of a missing one would make it without the app's store, and the app could then save nothing.
 */
export function savedQueryCache(page: Page): Promise<{
  clientState?: {
    mutations?: unknown[];
    queries?: { queryKey: unknown[]; state: { data?: unknown } }[];
  };
} | null> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === "foodpark")) return null;
    return new Promise((resolve) => {
      const open = indexedDB.open("foodpark");
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("persisted")) {
          db.close();
          return resolve(null);
        }
        const read = db
          .transaction("persisted", "readonly")
          .objectStore("persisted")
          .get("foodpark-query-cache");
        read.onerror = () => resolve(null);
        read.onsuccess = () => {
          db.close();
          resolve(read.result ? JSON.parse(read.result as string) : null);
        };
      };
    });
  });
}
