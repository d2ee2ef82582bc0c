import type { Basket, BasketSection } from "@contract/basket";
import { type Cart, type CartItem, emptyCart } from "@contract/cart";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cartKeys } from "@/features/cart/api/cart-keeper";
import { cachedCarts } from "@/features/cart/hooks/use-cached-carts";

const line = (menuItemId: number, name: string): CartItem =>
  ({ id: `item_${menuItemId}`, lineId: menuItemId, menuItemId, name, quantity: 1 }) as CartItem;
const cartOf = (vendorId: number, items: CartItem[], version = 1): Cart => ({
  ...emptyCart(),
  vendorId,
  version,
  items,
});
const sectionOf = (vendorId: number, vendorName: string, items: CartItem[]): BasketSection =>
  ({
    vendorId,
    vendorName,
    items,
    totals: {},
    preparationTime: { min: 5, max: 10 },
  }) as BasketSection;
const basketOf = (...sections: BasketSection[]): Basket =>
  ({ sections, orderType: "takeaway" }) as unknown as Basket;

function clientWith(carts: [number | null, Cart][]): QueryClient {
  const client = new QueryClient();
  for (const [trailer, cart] of carts)
    client.setQueryData(cartKeys.detail(trailer, "takeaway"), cart);
  return client;
}
const shown = (carts: Cart[]) =>
  carts.map((cart) => [cart.vendorId, cart.items.map((item) => item.name)]);

describe("the carts the cart screen shows offline", () => {
  it("a trailer whose own cart was never saved shows as the last basket answer had it", () => {
    const client = clientWith([[4, cartOf(4, [line(42, "Sweet Potato Wedges")])]]);
    const basket = basketOf(sectionOf(3, "Seoul Bird", [line(31, "Gochujang Wings")]));
    expect(shown(cachedCarts(client, "takeaway", basket))).toEqual([
      [3, ["Gochujang Wings"]],
      [4, ["Sweet Potato Wedges"]],
    ]);
    expect(cachedCarts(client, "takeaway", basket)[0]!.vendor_info?.name).toBe("Seoul Bird");
  });

  it("a trailer's own cached cart is newer than the basket answer: it wins, emptied too", () => {
    const client = clientWith([
      [3, cartOf(3, [line(32, "Kimchi Fries")], 2)],
      [4, cartOf(4, [], 3)],
    ]);
    const basket = basketOf(
      sectionOf(3, "Seoul Bird", [line(31, "Gochujang Wings")]),
      sectionOf(4, "The Green Bowl", [line(42, "Sweet Potato Wedges")]),
    );
    expect(shown(cachedCarts(client, "takeaway", basket))).toEqual([[3, ["Kimchi Fries"]]]);
  });

  it("the 'latest' cart counts as that trailer's own", () => {
    const client = clientWith([[null, cartOf(3, [], 2)]]);
    const basket = basketOf(sectionOf(3, "Seoul Bird", [line(31, "Gochujang Wings")]));
    expect(cachedCarts(client, "takeaway", basket)).toEqual([]);
  });

  it("a basket answer for another order type is not used", () => {
    const client = clientWith([]);
    const basket = basketOf(sectionOf(3, "Seoul Bird", [line(31, "Gochujang Wings")]));
    expect(cachedCarts(client, "delivery", basket)).toEqual([]);
  });
});
