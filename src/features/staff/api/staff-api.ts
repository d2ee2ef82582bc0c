import { ORDERS_REFRESH_MS } from "@contract/limits";
import { type OrderStatus, orderListResponseSchema, orderSchema } from "@contract/orders";
import type { StaffTrailersResponse } from "@contract/park-operations";
import { api } from "@/lib/api-client";

const STAFF_RETRY_MS = 5_000;

export const staffKeys = {
  all: ["staff-orders"] as const,
  list: () => ["staff-orders", "today"] as const,
  vendors: () => ["staff-vendors"] as const,
};

// Plain options objects (not queryOptions()): one less shared chunk on the /vendors path.
/**
 * GET /staff/orders: today's orders of the trailers this account runs (the board filters by vendor locally,
 * instantly).
 */
export const staffOrdersQuery = () => ({
  queryKey: staffKeys.list(),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get("/staff/orders", orderListResponseSchema, { signal })).data,
  // The socket brings changes at once; this only covers a dropped connection. After a failed refresh (an outage)
  // the board tries again every 5 s, so it catches up by itself soon after the server is back.
  refetchInterval: (query: { state: { status: string } }) =>
    query.state.status === "error" ? STAFF_RETRY_MS : ORDERS_REFRESH_MS,
  // A failed refresh shows "may be out of date" at once: the interval above is the board's retry, so the app's
  // default back-off retries would only delay telling the counter (they kept it silent for ~50 s in an outage).
  retry: false,
  staleTime: 5_000,
});

export const changeOrderStatus = (orderId: number, status: OrderStatus) =>
  api.patch(`/staff/orders/${orderId}`, { status }, orderSchema);

/**
 * The trailers this account runs (every one for a park manager), open or not, so a trailer's tablet can pick
 * itself before its first order.
 */
export const staffVendorsQuery = () => ({
  queryKey: staffKeys.vendors(),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    ((await api.get("/staff/trailers", undefined, { signal })) as StaffTrailersResponse).data.map(
      (trailer) => ({
        id: trailer.id,
        name: trailer.name,
      }),
    ),
  staleTime: 10 * 60_000,
});
