import type { QueryClient } from "@tanstack/react-query";
import { ORDERS_REFRESH_MS } from "../../../../contract/limits";
import {
  type Order,
  orderDetailsResponseSchema,
  orderListResponseSchema,
  type OrderStatusNotification,
} from "../../../../contract/orders";
import { api } from "../../../lib/api-client";

export const orderKeys = {
  all: ["orders"] as const,
  list: () => ["orders", "list"] as const,
  detail: (orderId: number) => ["orders", "detail", orderId] as const,
};

// Plain options objects (not queryOptions()): one less shared chunk on the /vendors path.
/** GET /orders: the customer's orders, refreshed every 30 s (and on focus, by the query client). */
export const ordersListQuery = () => ({
  queryKey: orderKeys.list(),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get("/orders", orderListResponseSchema, { signal })).data,
  refetchInterval: ORDERS_REFRESH_MS,
  // A new order placed a moment ago must show on arrival.
  staleTime: 0,
});

/** GET /orders/details/{id}, refreshed every 30 s ('Order status updates automatically every 30 seconds.'). */
export const orderDetailQuery = (orderId: number) => ({
  queryKey: orderKeys.detail(orderId),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get(`/orders/details/${orderId}`, orderDetailsResponseSchema, { signal })).data,
  refetchInterval: ORDERS_REFRESH_MS,
  // A new order placed a moment ago must show on arrival.
  staleTime: 0,
});

const withStatus = (order: Order, notification: OrderStatusNotification): Order =>
  order.id === notification.orderId
    ? {
        ...order,
        status: notification.status,
        updated_at: notification.updatedAt ?? order.updated_at,
      }
    : order;

/**
 * A live status change, written into the cached list and detail in place (no refetch).
 * Returns whether any cached copy knew the order.
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
