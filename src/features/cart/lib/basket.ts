import type { Basket, BasketSection } from "@contract/basket";
import { type Cart, emptyCart } from "@contract/cart";

/** The id of a trailer's section on /cart: /cart#vendor-3 opens the cart at that trailer. */
export const sectionAnchor = (vendorId: number) => `vendor-${vendorId}`;

/** One trailer's cart as the basket answer priced it (its section's lines and money). */
export function sectionCart(basket: Basket, section: BasketSection): Cart {
  return {
    ...emptyCart(),
    ...section.totals,
    items: section.items,
    orderType: basket.orderType,
    vendorId: section.vendorId,
    vendor_info: {
      id: section.vendorId,
      name: section.vendorName,
      preparationTime: section.preparationTime,
    },
  };
}
