/**
 * Cart writes and cash orders made offline are paused mutations saved with the query cache. Their behaviour is
 * registered here, by mutation key, before a saved cache is restored (so restored ones can resume), and the app
 * decides what happens once a queued order is placed. Loaded on demand with the persistence code.
 */
import type { QueryClient } from "@tanstack/react-query";
import { cartKeys, forgetCart, keepCart } from "../features/cart/api/cart-keeper";
import { registerCashOrders, setCashOrderHandlers } from "../features/checkout/api/cash-orders";
import type { PlacedCashOrder } from "../features/checkout/lib/pending-checkout";
import { startWithBrowserOnlineState } from "../lib/network";
import { toasts } from "../lib/toast-store";
import { cartForCashOrders } from "./cart-for-checkout";
import { appRouter } from "./router";

/** Writes restored unconfirmed that are drawn and announced as queued changes (see query-persistence rule 3). */
export const QUEUED_WRITE_KEYS = [cartKeys.writes] as const;
/** The cart's queries, revalidated after a restore (query-persistence rule 1). */
export const RESTORED_CART_PREFIXES = [cartKeys.all] as const;

export interface AppNavigation {
  pathname(): string;
  navigate(to: string, state?: unknown): void;
}

const CASH_SCREEN = "/pay-cash-at-counter";

const routerNavigation: AppNavigation = {
  pathname: () => appRouter()?.state.location.pathname ?? window.location.pathname,
  navigate: (to, state) => void appRouter()?.navigate(to, { state }),
};

/**
 * How the client behaves without a network. TanStack Query assumes "online" until an event says otherwise: a page
 * opened offline must start offline, or restored changes would be sent into the void (and fail) instead of
 * waiting. Queries then run 'offlineFirst': one attempt even offline, which the service worker answers from its
 * caches (menus, cart, orders seen before); only their retries wait for the network. Set here, off the cold path.
 */
export function configureOffline(client: QueryClient): void {
  startWithBrowserOnlineState();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, networkMode: "offlineFirst" },
  });
}

export function registerOfflineWrites(
  client: QueryClient,
  navigation: AppNavigation = routerNavigation,
): void {
  configureOffline(client);
  keepCart(client);
  registerCashOrders(client, cartForCashOrders);

  setCashOrderHandlers({
    placed(order: PlacedCashOrder) {
      // The server emptied the cart with the order.
      forgetCart(client);
      // The customer placed it on the cart page (or is waiting there for it): carry on to paying.
      if (navigation.pathname() === "/cart") {
        navigation.navigate(CASH_SCREEN, order);
        return;
      }
      // Elsewhere in the app (it was queued and they moved on): say so without pulling them away.
      toasts.push({
        kind: "order-status",
        tone: "success",
        title: `Order #${order.orderId} placed`,
        message: `It was sent when you came back online. Pay at the ${order.vendorName || "trailer"} counter.`,
        action: { label: "View", onClick: () => navigation.navigate(CASH_SCREEN, order) },
      });
    },
    notSent() {
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
