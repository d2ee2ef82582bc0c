import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { penceToPounds } from "@contract/money";
import type { CreateOrderRequest, OrderPayload, PaymentMethod, Vehicle } from "@contract/orders";
import { lineTotalPence } from "@contract/pricing";

/** The product spec (docs/product-spec.md § Entities and their fields): all items' 'name: allergy', joined by '; '. */
export function allergyNote(cart: Pick<Cart, "items">): string | null {
  const notes = cart.items
    .filter((item) => item.allergyInformation.trim() !== "")
    .map((item) => `${item.name}: ${item.allergyInformation.trim()}`);
  return notes.length > 0 ? notes.join("; ") : null;
}

/**
 * The spec's order-creation payload from the cart on screen. The server re-prices everything from its own
 * copy of the cart; prices travel only because the documented payload has them.
 */
export function orderPayload(
  cart: Cart,
  input: { vendorId: number; orderType: OrderType | null; vehicle: Vehicle | null },
): OrderPayload {
  return {
    vendorId: input.vendorId,
    orderType: input.orderType ?? cart.orderType ?? "takeaway",
    items: cart.items.map((item) => ({
      menu_item_id: item.menuItemId,
      quantity: item.quantity,
      price: penceToPounds(
        lineTotalPence(
          { unitBasePence: item.pricePence, addonTotalPence: item.addonTotalPence },
          1,
        ),
      ),
      allergy_information: item.allergyInformation || null,
      addons: item.addons.map((group) => ({
        group_id: group.groupId,
        addons: group.addons.map((addon) => ({
          menu_item_addon_id: addon.addonId,
          quantity: addon.quantity,
          price: addon.price,
        })),
      })),
    })),
    deliveryInstructions: cart.deliveryInstructions.trim() || null,
    allergyNote: allergyNote(cart),
    vehicleData: input.vehicle,
  };
}

export const withPaymentMethod = (
  payload: OrderPayload,
  paymentMethod: PaymentMethod,
): CreateOrderRequest => ({
  ...payload,
  paymentMethod,
});
