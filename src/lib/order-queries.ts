import { ORDERS_REFRESH_MS } from "@contract/limits";
import {
  type Order,
  type OrderStatusNotification,
  orderDetailsResponseSchema,
  orderListResponseSchema,
} from "@contract/orders";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "./api-client";
import { isOlderOrder, newerOrder, newerOrders } from "./order-freshness";
import { orderKeys } from "./order-keys";

/**
 * The one reader of the customer's orders, shared by every screen that shows one (My Orders, Order Details, the
 * confirmation and cash screens, Order Again) and by the live status feed (src/app/LiveUpdates.tsx). One cache
 * entry per order, `orderKeys.detail(id)`, so a live status change written there reaches all of them; the list
 * is written in the same step. The revalidation and restore rules (app/query-client.ts, app/query-persistence.ts)
 * apply by `orderKeys.all`.
 */

// Plain options objects (not queryOptions()): one less shared chunk on the /vendors path.
interface OrdersFetchContext {
  signal: AbortSignal;
  client: QueryClient;
}

/**
 * GET /orders: the customer's orders, refreshed every 30 s (and on focus, by the query client). An order copy
 * older than the one shown (the worker's cached answer offline) never replaces it (lib/order-freshness).
 */
export const ordersListQuery = () => ({
  queryKey: orderKeys.list(),
  queryFn: async ({ signal, client }: OrdersFetchContext) => {
    const arriving = (await api.get("/orders", orderListResponseSchema, { signal })).data;
    // Compared with what is shown when the answer arrives: a live update may have landed while it was on its way.
    return newerOrders(client.getQueryData<Order[]>(orderKeys.list()), arriving);
  },
  refetchInterval: ORDERS_REFRESH_MS,
  // A new order placed a moment ago must show on arrival.
  staleTime: 0,
});

/** GET /orders/details/{id}, refreshed every 30 s ('Order status updates automatically every 30 seconds.'). */
export const orderDetailQuery = (orderId: number) => ({
  queryKey: orderKeys.detail(orderId),
  queryFn: async ({ signal, client }: OrdersFetchContext) => {
    const arriving = (
      await api.get(`/orders/details/${orderId}`, orderDetailsResponseSchema, { signal })
    ).data;
    return newerOrder(client.getQueryData<Order>(orderKeys.detail(orderId)), arriving);
  },
  refetchInterval: ORDERS_REFRESH_MS,
  // A new order placed a moment ago must show on arrival.
  staleTime: 0,
});

/** A staff undo or recall moved the order back on purpose: the earlier status is the news. */
const movedBack = (notification: OrderStatusNotification) =>
  notification.move === "undo" || notification.move === "recall";

const withStatus = (order: Order, notification: OrderStatusNotification): Order =>
  order.id === notification.orderId &&
  (movedBack(notification) ||
    !isOlderOrder({ status: notification.status, updated_at: notification.updatedAt ?? "" }, order))
    ? {
        ...order,
        status: notification.status,
        updated_at: notification.updatedAt ?? order.updated_at,
      }
    : order;

/**
 * A live status change, written into the cached list and detail in place (no refetch), unless the copy shown
 * is already newer (a replayed event). Returns whether any cached copy knew the order.
 */
export function applyStatusNotification(
  queryClient: QueryClient,
  notification: OrderStatusNotification,
): boolean {
  let known = false;
  queryClient.setQueryData<Order[]>(orderKeys.list(), (orders) => {
    if (!orders?.some((order) => order.id === notification.orderId)) return orders;
    known = true;
    return orders.map((order) => withStatus(order, notification));
  });
  queryClient.setQueryData<Order>(orderKeys.detail(notification.orderId), (order) => {
    if (!order) return order;
    known = true;
    return withStatus(order, notification);
  });
  return known;
}
