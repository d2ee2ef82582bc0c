import type { CheckoutRequest } from "@contract/basket";
import { cartBill } from "@contract/bill";
import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import type { PaymentMethod, Vehicle } from "@contract/orders";
import { PORTION_GROUP } from "@contract/vendor-rules";
import { orderPayload } from "./order-payload";
import type { PendingCheckout, SummaryLine } from "./pending-checkout";

/** One trailer's part of a purchase: its id and its cart as the server priced it. */
export interface TrailerCart {
  vendorId: number;
  cart: Cart;
}

/**
 * What the customer is paying for from /cart: one trailer's cart, or several trailers' carts paid together.
 * `total` is the money of the whole payment (one trailer's cart, or the basket's totals with one service charge).
 */
export interface Purchase {
  trailers: TrailerCart[];
  total: Pick<
    Cart,
    "orderType" | "subtotalPence" | "serviceChargePence" | "deliveryChargePence" | "totalPence"
  >;
  orderType: OrderType | null;
}

export const lineSummary = (cart: Cart): SummaryLine[] =>
  cart.items.map((item) => ({
    key: String(item.lineId),
    name: item.name,
    quantity: item.quantity,
    totalPence: item.totalPricePence,
    addons: item.addons.flatMap((group) =>
      group.addons.map((addon) => ({
        key: `${group.groupId}-${addon.addonId}`,
        group: group.groupName,
        name: addon.name,
        quantity: addon.quantity,
        unitPricePence: addon.pricePence,
        isPortion: group.groupName === PORTION_GROUP,
      })),
    ),
  }));

/** 'Forno & Fuoco', 'Forno & Fuoco and Smash Stack', 'A, B and C'. */
export function trailerNames(purchase: Purchase): string {
  const names = purchase.trailers.map((trailer) => trailer.cart.vendor_info?.name ?? "");
  const named = names.filter((name) => name !== "");
  if (named.length < 2) return named[0] ?? "";
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

const orderTypeOf = (purchase: Purchase): OrderType =>
  purchase.orderType ?? purchase.total.orderType ?? "takeaway";

/** Several trailers: the one POST /checkout that orders them all. */
export function checkoutRequest(
  purchase: Purchase,
  paymentMethod: PaymentMethod,
  vehicle: Vehicle | null,
): CheckoutRequest {
  return {
    vendorIds: purchase.trailers.map((trailer) => trailer.vendorId),
    orderType: orderTypeOf(purchase),
    paymentMethod,
    totalPence: purchase.total.totalPence,
    vehicleData: vehicle,
  };
}

/**
 * What the Secure Payment screen takes a card payment for: one trailer's order as the spec sends it to
 * create-intent, or the checkout of several trailers.
 */
export function pendingCardPayment(purchase: Purchase, vehicle: Vehicle | null): PendingCheckout {
  const [only] = purchase.trailers;
  const payable =
    purchase.trailers.length === 1 && only
      ? {
          orderData: orderPayload(only.cart, {
            vendorId: only.vendorId,
            orderType: purchase.orderType,
            vehicle,
          }),
        }
      : { checkoutRequest: checkoutRequest(purchase, "stripe", vehicle) };
  return {
    ...payable,
    amountPence: purchase.total.totalPence,
    bill: cartBill(purchase.total),
    currency: "gbp",
    vendorName: trailerNames(purchase),
    itemCount: purchase.trailers
      .flatMap((trailer) => trailer.cart.items)
      .reduce((sum, item) => sum + item.quantity, 0),
    items: purchase.trailers.flatMap((trailer) => lineSummary(trailer.cart)),
  };
}
