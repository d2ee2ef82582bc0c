import type { Order, OrderItem, PaymentMethod } from "@contract/orders";
import type { QueryClient } from "@tanstack/react-query";
import { type CartChangeInput, writeCart } from "../features/cart/api/cart-keeper";
import type { KnownAddon, KnownItem } from "../features/cart/lib/optimistic-cart";
import { writeCarDelivery } from "../features/checkout/lib/car-delivery-storage";
import { orderDetailQuery } from "../lib/order-queries";
import { toasts } from "../lib/toast-store";

const pence = (pounds: number) => Math.round(pounds * 100);

/** The line as the order showed it: an add queued offline is drawn in the cart from it until the server prices it. */
function knownLine(item: OrderItem): { item: KnownItem; addons: KnownAddon[] } {
  const addons = item.addons.map((addon) => ({
    groupId: addon.group_id,
    groupName: addon.group_name,
    addonId: addon.id,
    name: addon.name,
    pricePence: pence(addon.price),
  }));
  const addonsPence = addons.reduce((sum, addon) => sum + addon.pricePence, 0);
  return {
    item: {
      name: item.name,
      description: item.description,
      image: item.image_url,
      pricePence: Math.max(0, item.pricePence - addonsPence),
    },
    addons,
  };
}

/** One line of the order as a cart write: the same item, quantity, add-ons and allergy note. */
function lineAsWrite(order: Order, item: OrderItem, index: number): CartChangeInput {
  return {
    kind: "add-with-addons",
    vendorId: order.vendorId,
    orderType: order.orderType,
    menuItemId: item.menu_item_id,
    quantity: item.quantity,
    // A stand-in id per line while it is drawn offline (negative, never the server's).
    tempLineId: -(Date.now() * 1000 + index),
    addonSelections: item.addons.map((addon) => ({
      addonGroupId: addon.group_id,
      addonId: addon.id,
      quantity: addon.quantity,
    })),
    ...(item.special_instructions ? { allergyInformation: item.special_instructions } : {}),
    itemName: item.name,
    ...knownLine(item),
  };
}

/**
 * POST /cart/add-with-addons for each line, through the cart's one write path (queued offline like any other add).
 * One after another: the cart merges identical lines, and parallel writes would race on it.
 */
export async function addOrderToCart(
  order: Order,
  queryClient: QueryClient,
): Promise<{ added: number; failed: string[] }> {
  let added = 0;
  const failed: string[] = [];
  for (const [index, item] of order.items.entries()) {
    try {
      await writeCart(queryClient, lineAsWrite(order, item, index)).result;
      added += item.quantity;
    } catch {
      failed.push(item.name);
    }
  }
  return { added, failed };
}

/** Every order of the checkout this order was placed in (one trailer each), this one first. */
async function ordersOfCheckout(order: Order, queryClient: QueryClient): Promise<Order[]> {
  const siblings = (order.checkout?.orders ?? []).filter((entry) => entry.id !== order.id);
  const others: Order[] = [];
  for (const sibling of siblings) {
    try {
      others.push(await queryClient.fetchQuery(orderDetailQuery(sibling.id)));
    } catch {
      // Not readable now (offline, no saved copy): the rest is still added.
    }
  }
  return [order, ...others];
}

/** How the cart opens after 'Order Again': paid the same way as last time. */
export interface RepeatState {
  repeatPaymentMethod: PaymentMethod;
}

/**
 * 'Order Again': refill the cart with every trailer's lines of the order's checkout (each trailer's cart), carry
 * the car-delivery answer over, name what could not be added (sold out, paused), open the cart ready to pay the
 * same way.
 */
export async function orderAgain(
  order: Order,
  queryClient: QueryClient,
  goToCart: (state: RepeatState) => void,
): Promise<void> {
  let added = 0;
  const failed: string[] = [];
  for (const part of await ordersOfCheckout(order, queryClient)) {
    const result = await addOrderToCart(part, queryClient);
    added += result.added;
    failed.push(...result.failed);
  }
  if (added === 0) {
    toasts.push({
      kind: "cart",
      message: `Could not add these items to your cart: ${failed.join(", ")} ${failed.length === 1 ? "is" : "are"} sold out or not available right now.`,
    });
    return;
  }
  writeCarDelivery({
    answer: order.vehicle ? "yes" : "no",
    plate: order.vehicle?.registrationNumber ?? "",
    vehicle: order.vehicle,
  });
  if (failed.length > 0) {
    toasts.push({
      kind: "cart",
      message: `Sold out or not available, not added: ${failed.join(", ")}`,
    });
  } else {
    toasts.push({
      kind: "success",
      message: `${added} ${added === 1 ? "item" : "items"} added to your cart`,
    });
  }
  goToCart({ repeatPaymentMethod: order.paymentMethod });
}
