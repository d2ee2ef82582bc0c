import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { basketKeys, basketQuery } from "../api/basket-api";
import { cartQueryKeys } from "../api/cart-api";
import { useOrderType } from "./use-order-type";

/**
 * The whole basket (every trailer's cart) for the customer's order type, leaving out `excluded` trailers from the
 * total. Read again whenever a cart write the server accepted lands, whichever trailer it was for.
 */
export function useBasket(excluded: readonly number[] = []) {
  const [orderType] = useOrderType();
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.mutation.state.status !== "success") return;
        if (event.mutation.options.mutationKey?.[0] !== cartQueryKeys.writes[0]) return;
        void client.invalidateQueries({ queryKey: basketKeys.all });
      }),
    [client],
  );
  return useQuery(basketQuery(orderType, excluded));
}
