import { basketSchema } from "@contract/basket";
import type { OrderType } from "@contract/common";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The basket's keys sit under the cart's prefix ['cart', ...], so the cart's persistence rules apply to it. */
export const basketKeys = {
  all: ["cart", "basket"] as const,
  detail: (orderType: OrderType | null, excluded: readonly number[]) =>
    ["cart", "basket", orderType ?? "none", [...excluded].sort((a, b) => a - b).join(",")] as const,
};

/** GET /cart/basket: every trailer's cart, priced by the server, with one grand total. */
export const basketQuery = (orderType: OrderType | null, excluded: readonly number[]) =>
  queryOptions({
    queryKey: basketKeys.detail(orderType, excluded),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (orderType) params.set("orderType", orderType);
      if (excluded.length > 0) params.set("exclude", excluded.join(","));
      const query = params.size > 0 ? `?${params}` : "";
      return api.get(`/cart/basket${query}`, basketSchema, { signal });
    },
    staleTime: 5_000,
  });
