import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";
import { orderKeys } from "../lib/order-keys";

/**
 * Server truth for the customer's orders, by key PREFIX so every query under it inherits the rule: an order copy
 * is never trusted as current. It shows at once (from memory or the restored cache) and is revalidated in the
 * background on every mount, focus and reconnect (staleTime 0). The cart's keeper sets the same rule for the
 * cart's prefix (features/cart/api/cart-keeper.ts). The restore rules (what a restored copy may replace, how
 * restored writes resume) are in ./query-persistence.ts.
 */
export function applyServerTruthRules(client: QueryClient): void {
  client.setQueryDefaults(orderKeys.all, {
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
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
