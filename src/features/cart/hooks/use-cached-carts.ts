import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { cachedTrailerCarts } from "../api/cart-keeper";
import { useOrderType } from "./use-order-type";

/**
 * Every trailer's cart the query cache holds for this order type with something in it (queued writes drawn), one
 * per trailer: a trailer's own key or the 'latest' one, whichever copy is newer.
 */
function cachedCarts(client: QueryClient, orderType: OrderType | null): Cart[] {
  const newest = new Map<number, Cart>();
  for (const { trailer, cart } of cachedTrailerCarts(client, orderType)) {
    if (!cart?.items || cart.vendorId === null || cart.items.length === 0) continue;
    const known = newest.get(cart.vendorId);
    if (!known || cart.version > known.version || typeof trailer === "number")
      newest.set(cart.vendorId, cart);
  }
  return [...newest.values()].sort((a, b) => (a.vendorId ?? 0) - (b.vendorId ?? 0));
}

const signature = (carts: readonly Cart[]) =>
  carts.map((cart) => `${cart.vendorId}:${cart.version}:${JSON.stringify(cart.items)}`).join("|");

/**
 * Offline the basket cannot be asked for again, but each trailer's cart is in the cache (the writes queued offline
 * drawn on it): the cart screen builds the whole basket from them, so a trailer added to offline is not left out.
 */
export function useCachedCarts(): Cart[] {
  const client = useQueryClient();
  const [orderType] = useOrderType();
  const [carts, setCarts] = useState<Cart[]>(() => cachedCarts(client, orderType));
  useEffect(() => {
    const update = () =>
      setCarts((shown) => {
        const next = cachedCarts(client, orderType);
        return signature(next) === signature(shown) ? shown : next;
      });
    update();
    return client.getQueryCache().subscribe(update);
  }, [client, orderType]);
  return carts;
}
