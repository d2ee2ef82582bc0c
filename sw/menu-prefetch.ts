/// <reference lib="webworker" />
import { CACHE_NAMES, MENU_PREFETCH_BUDGET } from "@contract/worker-protocol";

/**
 * Every open trailer's menu on the phone, so a menu never visited opens offline: after sign-in (and at most every
 * few minutes after that, when the page asks again) the worker saves the vendor list, each open trailer's vendor
 * and menu, its dishes (item and add-ons, for the item page) and their pictures, within MENU_PREFETCH_BUDGET.
 * Saved copies are revalidated with If-None-Match when the server gave an ETag, so an unchanged catalogue costs
 * 304s only; pictures already saved are not fetched again.
 */

/** The same URLs the app asks for (src/features/vendors/api, src/features/item/api), so the saved copies match. */
export const prefetchUrls = {
  vendorList: (pageSize: number) => `/api/vendors/list?page=1&limit=${pageSize}&status=active`,
  vendor: (id: number) => `/api/vendors/${id}`,
  menu: (id: number) => `/api/vendors/${id}/items`,
  item: (itemId: number) => `/api/menu-items/${itemId}`,
  addonGroups: (itemId: number) => `/api/menu-items/${itemId}/addon-groups`,
};

interface ListedVendor {
  id: number;
  status: string;
}

interface MenuGroup {
  items: { id: string; image: string }[];
}

const isOpen = (status: string) => /open|active/i.test(status);

let lastRun = 0;
let running: Promise<PrefetchReport> | null = null;

export interface PrefetchReport {
  menus: number;
  items: number;
  images: number;
  skipped: boolean;
}

/** Fetches `url` into `cache` unless the saved copy is still current (ETag) ; returns the current body. */
async function saveJson(cache: Cache, url: string): Promise<unknown> {
  const saved = await cache.match(url);
  const etag = saved?.headers.get("ETag");
  const response = await fetch(url, {
    headers: etag ? { "If-None-Match": etag } : {},
    credentials: "same-origin",
  });
  if (response.status === 304 && saved) return saved.json();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await cache.put(url, response.clone());
  return response.json();
}

async function saveImage(cache: Cache, url: string): Promise<boolean> {
  if (await cache.match(url)) return false;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) return false;
  await cache.put(url, response);
  return true;
}

/** Runs `tasks` a few at a time (park Wi-Fi: never a burst of dozens of requests). */
async function inBatches<T>(
  tasks: (() => Promise<T>)[],
  size: number,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = [];
  for (let index = 0; index < tasks.length; index += size) {
    results.push(
      ...(await Promise.allSettled(tasks.slice(index, index + size).map((task) => task()))),
    );
  }
  return results;
}

async function run(): Promise<PrefetchReport> {
  const budget = MENU_PREFETCH_BUDGET;
  const menus = await caches.open(CACHE_NAMES.menus);
  const images = await caches.open(CACHE_NAMES.images);
  const list = (await saveJson(menus, prefetchUrls.vendorList(budget.vendorPageSize))) as {
    data?: ListedVendor[];
  };
  const open = (list.data ?? []).filter((vendor) => isOpen(vendor.status)).slice(0, budget.menus);

  const menuResults = await inBatches(
    open.map((vendor) => async () => {
      await saveJson(menus, prefetchUrls.vendor(vendor.id));
      return (await saveJson(menus, prefetchUrls.menu(vendor.id))) as { items?: MenuGroup[] };
    }),
    budget.concurrency,
  );
  const dishes = menuResults
    .flatMap((result) => (result.status === "fulfilled" ? (result.value.items ?? []) : []))
    .flatMap((group) => group.items)
    .slice(0, budget.items);

  const itemIds = dishes
    .map((dish) => Number(dish.id.replace(/^item_/, "")))
    .filter((id) => Number.isInteger(id) && id > 0);
  await inBatches(
    itemIds.flatMap((id) => [
      () => saveJson(menus, prefetchUrls.item(id)),
      () => saveJson(menus, prefetchUrls.addonGroups(id)),
    ]),
    budget.concurrency * 2,
  );

  const pictures = [
    ...new Set(dishes.map((dish) => dish.image).filter((image) => image.startsWith("/images/"))),
  ].slice(0, budget.images);
  const saved = await inBatches(
    pictures.map((url) => () => saveImage(images, url)),
    budget.concurrency,
  );
  return {
    menus: menuResults.filter((result) => result.status === "fulfilled").length,
    items: itemIds.length,
    images: saved.filter((result) => result.status === "fulfilled" && result.value).length,
    skipped: false,
  };
}

/** Saves every open trailer's menu unless it was done less than MIN_INTERVAL ago (or is running now). */
export function saveAllMenus(force = false): Promise<PrefetchReport> {
  if (running) return running;
  if (!force && Date.now() - lastRun < MENU_PREFETCH_BUDGET.minIntervalMs) {
    return Promise.resolve({ menus: 0, items: 0, images: 0, skipped: true });
  }
  lastRun = Date.now();
  running = run().finally(() => {
    running = null;
  });
  return running;
}
