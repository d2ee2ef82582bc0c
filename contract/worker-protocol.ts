/**
 * What the page and the service worker say to each other, and the caches they share.
 * Imported by both sides (src/app/pwa and sw/), so neither hard-codes the other's strings.
 */

import type { PushPayload } from "./push";

/** Runtime caches holding one customer's data (cart, orders): deleted on sign-out. */
export const USER_CACHE_PREFIX = "fp-user-";

export const CACHE_NAMES = {
  menus: "fp-menus",
  /** The pages' shells as the server last sent them (sw/shells.ts): not user data, kept across sign-outs. */
  shells: "fp-shells",
  images: "fp-images",
  orders: `${USER_CACHE_PREFIX}orders`,
  cart: `${USER_CACHE_PREFIX}cart`,
} as const;

/** How much the worker saves ahead so every open trailer's menu opens offline (sw/menu-prefetch.ts). */
export const MENU_PREFETCH_BUDGET = {
  /** The vendor list's first page, as the app asks for it (spec: page size 20). */
  vendorPageSize: 20,
  menus: 20,
  /** Dishes whose item page (item + add-on groups) is saved. */
  items: 200,
  /** Dish pictures (small SVG/WebP files). */
  images: 150,
  concurrency: 3,
  /** A page asking again sooner (every start, every sign-in) is told it is done. */
  minIntervalMs: 10 * 60 * 1000,
} as const;

/** Page → worker. */
export type PageToWorkerMessage =
  | { type: "SKIP_WAITING" }
  /** Signed in: save every open trailer's menu and pictures for offline use (answers MENUS_SAVED on the port). */
  | { type: "SAVE_MENUS" }
  /** The customer signed out: forget their cached responses (answers on the transferred port when given). */
  | { type: "CLEAR_USER_DATA" };

/** Worker → page. */
export type WorkerToPageMessage =
  /** The browser replaced the push subscription; the page (which holds the token) sends the new one to the server. */
  | { type: "PUSH_SUBSCRIPTION_CHANGED" }
  /** A notification was tapped: show this in-app path. */
  | { type: "NAVIGATE"; url: string }
  | { type: "USER_DATA_CLEARED" }
  /** The worker showed an order's status notification: the page (which holds the token) tells the server it was seen. */
  | { type: "NOTICE_SHOWN"; orderId: number; status: string }
  | { type: "MENUS_SAVED"; menus: number; items: number; images: number; skipped: boolean };

export const isWorkerToPageMessage = (data: unknown): data is WorkerToPageMessage =>
  typeof data === "object" &&
  data !== null &&
  typeof (data as { type?: unknown }).type === "string";

/** Only same-origin, absolute paths are followed from a notification. */
export function safeInAppPath(url: unknown): string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

/**
 * The system notification for an order-status message: one tag per order, so a newer status replaces the
 * older notification (and alerts again); tapping it opens `data.url`.
 */
export function orderStatusNotification(
  payload: Pick<PushPayload, "orderId" | "title" | "body" | "url">,
): {
  title: string;
  options: NotificationOptions;
} {
  const options = {
    body: payload.body,
    tag: `order-${payload.orderId}`,
    renotify: true,
    icon: "/icons/icon-192.png",
    badge: "/icons/badge-72.png",
    data: { url: safeInAppPath(payload.url), orderId: payload.orderId },
  };
  // `renotify` is standard but missing from TypeScript's NotificationOptions.
  return { title: payload.title, options: options as NotificationOptions };
}
