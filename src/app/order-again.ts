import type { Cart } from "@contract/cart";
import type { Order } from "@contract/orders";
import type { QueryClient } from "@tanstack/react-query";
import { cartApi, cartQueryKeys } from "../features/cart/api/cart-api";
import { writeLocalCart } from "../features/cart/lib/cart-storage";
import { toasts } from "../lib/toast-store";

/** POST /cart/add-with-addons for each line: the same item, quantity, add-ons and allergy note. */
export async function addOrderToCart(
  order: Order,
): Promise<{ cart: Cart | null; added: number; failed: string[] }> {
  let cart: Cart | null = null;
  let added = 0;
  const failed: string[] = [];
  // One after another: the cart merges identical lines, and parallel writes would race on it.
  for (const item of order.items) {
    try {
      cart = await cartApi.addWithAddons({
        itemId: item.menu_item_id,
        quantity: item.quantity,
        vendorId: order.vendorId,
        orderType: order.orderType,
        addonSelections: item.addons.map((addon) => ({
          addonGroupId: addon.group_id,
          addonId: addon.id,
          quantity: addon.quantity,
        })),
        ...(item.special_instructions ? { allergyInformation: item.special_instructions } : {}),
      });
      added += item.quantity;
    } catch {
      failed.push(item.name);
    }
  }
  return { cart, added, failed };
}

/** 'Order Again': refill the cart, make it the current one, say what could not be added, open the cart. */
export async function orderAgain(
  order: Order,
  queryClient: QueryClient,
  goToCart: () => void,
): Promise<void> {
  const { cart, added, failed } = await addOrderToCart(order);
  if (cart) writeLocalCart(cart.vendorId === null ? { ...cart, vendorId: order.vendorId } : cart);
  await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
  if (added === 0) {
    toasts.push({
      kind: "cart",
      message: "Could not add these items to your cart. They may no longer be available.",
    });
    return;
  }
  if (failed.length > 0) {
    toasts.push({ kind: "cart", message: `Not available any more: ${failed.join(", ")}` });
  } else {
    toasts.push({
      kind: "success",
      message: `${added} ${added === 1 ? "item" : "items"} added to your cart`,
    });
  }
  goToCart();
}
