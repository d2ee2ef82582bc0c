import { QueryClient } from "@tanstack/react-query";
import { CART_QUERY_PREFIX } from "../features/cart/lib/cart-keys";
import { ApiError } from "../lib/api-client";

/** The customer's own data, by key prefix: the orders (`['orders', ...]`, see features/orders/api). */
export const ORDERS_QUERY_PREFIX = ["orders"] as const;

/**
 * Server truth for the customer's own data, by key PREFIX so every query under it inherits
 * the rule: a cart or order copy is never trusted as current. It shows at once (from memory or the restored
 * cache) and is revalidated in the background on every mount, focus and reconnect (staleTime 0). A query
 * that sets its own staleTime overrides this: cart queries must not. The restore rules (what a restored copy
 * may replace, how restored writes resume) are in ./query-persistence.ts.
 */
export function applyServerTruthRules(client: QueryClient): void {
  for (const prefix of [CART_QUERY_PREFIX, ORDERS_QUERY_PREFIX]) {
    client.setQueryDefaults(prefix, {
      staleTime: 0,
      refetchOnMount: true,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
    });
  }
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
  applyServerTruthRules(client);
  return client;
}
