import { useQuery, useQueryClient } from "@tanstack/react-query";
import { basketQuery, keepCart } from "../api/cart-keeper";
import { useOrderType } from "./use-order-type";

/**
 * The whole basket (every trailer's cart) for the customer's order type, leaving out `excluded` trailers from the
 * total. The keeper reads it again whenever a cart write the server accepted lands, whichever trailer it was for.
 */
export function useBasket(excluded: readonly number[] = []) {
  const client = useQueryClient();
  keepCart(client);
  const [orderType] = useOrderType();
  return useQuery(basketQuery(orderType, excluded));
}
