import type { Basket } from "@contract/basket";
import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { cachedTrailerCarts } from "../api/cart-keeper";
import { sectionCart } from "../lib/basket";
import { useOrderType } from "./use-order-type";

/**
 * Every trailer's cart the query cache holds for this order type with something in it (queued writes drawn), one
 * per trailer: a trailer's own key or the 'latest' one, whichever copy is newer. A trailer with no cart of its own
 * in the cache (a page left before its cart was saved) is shown as the last basket answer had it; a trailer whose
 * cached cart is empty is not (it was emptied since).
 */
export function cachedCarts(
  client: QueryClient,
  orderType: OrderType | null,
  basket: Basket | undefined,
): Cart[] {
  const newest = new Map<number, Cart>();
  const known = new Set<number>();
  for (const { trailer, cart } of cachedTrailerCarts(client, orderType)) {
    if (typeof cart?.vendorId === "number") known.add(cart.vendorId);
    if (!cart?.items || cart.vendorId === null || cart.items.length === 0) continue;
    const shown = newest.get(cart.vendorId);
    if (!shown || cart.version > shown.version || typeof trailer === "number")
      newest.set(cart.vendorId, cart);
  }
  if (basket && (orderType === null || basket.orderType === orderType)) {
    for (const section of basket.sections) {
      if (!known.has(section.vendorId) && section.items.length > 0)
        newest.set(section.vendorId, sectionCart(basket, section));
    }
  }
  return [...newest.values()].sort((a, b) => (a.vendorId ?? 0) - (b.vendorId ?? 0));
}

const signature = (carts: readonly Cart[]) =>
  carts.map((cart) => `${cart.vendorId}:${cart.version}:${JSON.stringify(cart.items)}`).join("|");

/**
 * Offline the basket cannot be asked for again, but each trailer's cart is in the cache (the writes queued offline
 * drawn on it) or in the last basket answer: the cart screen builds the whole basket from them, so a trailer added
 * to offline is not left out.
 */
export function useCachedCarts(basket: Basket | undefined): Cart[] {
  const client = useQueryClient();
  const [orderType] = useOrderType();
  const [carts, setCarts] = useState<Cart[]>(() => cachedCarts(client, orderType, basket));
  useEffect(() => {
    const update = () =>
      setCarts((shown) => {
        const next = cachedCarts(client, orderType, basket);
        return signature(next) === signature(shown) ? shown : next;
      });
    update();
    return client.getQueryCache().subscribe(update);
  }, [client, orderType, basket]);
  return carts;
}
