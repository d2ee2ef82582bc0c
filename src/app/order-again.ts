import type { QueryClient } from "@tanstack/react-query";
import { cartResponseSchema } from "../../contract/cart";
import type { Order } from "../../contract/orders";
import { api } from "../lib/api-client";
import { toasts } from "../lib/toast-store";

/** POST /cart/add-with-addons for each line: the same item, quantity, add-ons and allergy note. */
export async function addOrderToCart(order: Order): Promise<{ added: number; failed: string[] }> {
  let added = 0;
  const failed: string[] = [];
  // One after another: the cart merges identical lines, and parallel writes would race on it.
  for (const item of order.items) {
    try {
      await api.post(
        "/cart/add-with-addons",
        {
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
        },
        cartResponseSchema,
      );
      added += item.quantity;
    } catch {
      failed.push(item.name);
    }
  }
  return { added, failed };
}

/** 'Order Again': refill the cart, say what could not be added, and open the cart. */
export async function orderAgain(
  order: Order,
  queryClient: QueryClient,
  goToCart: () => void,
): Promise<void> {
  const { added, failed } = await addOrderToCart(order);
  await queryClient.invalidateQueries({ queryKey: ["cart"] });
  if (added === 0) {
    toasts.push({
      kind: "error",
      message: "Could not add these items to your cart. They may no longer be available.",
    });
    return;
  }
  if (failed.length > 0) {
    toasts.push({ kind: "error", message: `Not available any more: ${failed.join(", ")}` });
  } else {
    toasts.push({
      kind: "success",
      message: `${added} ${added === 1 ? "item" : "items"} added to your cart`,
    });
  }
  goToCart();
}
