/** GET /cart/basket: every trailer's cart on one screen, priced by the server, the service charge once. */
import type { Basket, BasketProblem, BasketSection, BasketTotals } from "@contract/basket";
import type { OrderType } from "@contract/common";
import { penceToPounds } from "@contract/money";
import { type CartTotals, chargeServiceOnce, sumTotals } from "@contract/pricing";
import {
  type CartService,
  DEFAULT_ORDER_TYPE,
  type PricedCart,
  toWireCart,
} from "@server/services/cart/cart-service.js";

function wireTotals(totals: CartTotals): BasketTotals {
  return {
    ...totals,
    subtotal: penceToPounds(totals.subtotalPence),
    serviceCharge: penceToPounds(totals.serviceChargePence),
    deliveryCharge: penceToPounds(totals.deliveryChargePence),
    total: penceToPounds(totals.totalPence),
  };
}

/** Why a trailer's section cannot be paid for now (the same rules checkout enforces). */
function problemsOf(cart: PricedCart): BasketProblem[] {
  const problems: BasketProblem[] = [];
  if (!cart.vendor.open) {
    problems.push({
      kind: "closed",
      message: `${cart.vendor.name} is closed right now, so it can't take orders.`,
      lineId: null,
    });
  }
  for (const line of cart.lines) {
    if (!line.available) {
      problems.push({
        kind: "unavailable",
        message: `${line.name} is sold out, so it is not in your total.`,
        lineId: line.lineId,
      });
    }
  }
  return problems;
}

/** One section per trailer with a non-empty cart, and one total of the sections not excluded. */
export async function readBasket(
  carts: Pick<CartService, "getBasketCarts">,
  userId: number,
  query: { orderType?: OrderType | undefined; exclude?: number[] | undefined },
  cashPaidAt: Basket["cashPaidAt"],
): Promise<Basket> {
  const priced = await carts.getBasketCarts(userId, { orderType: query.orderType });
  const excluded = new Set(query.exclude ?? []);
  const included = priced.filter((cart) => !excluded.has(cart.vendor.id));
  const chargedTotals = chargeServiceOnce(included.map((cart) => cart.totals));
  const totalsOf = new Map(included.map((cart, index) => [cart.vendor.id, chargedTotals[index]!]));
  const sections: BasketSection[] = priced.map((cart) => ({
    vendorId: cart.vendor.id,
    vendorName: cart.vendor.name,
    status: cart.vendor.open ? "open" : "closed",
    ...(cart.vendor.trading ? { trading: cart.vendor.trading } : {}),
    preparationTime: cart.vendor.preparationTime,
    items: toWireCart(cart).items,
    totals: wireTotals(totalsOf.get(cart.vendor.id) ?? cart.totals),
    excluded: excluded.has(cart.vendor.id),
    problems: problemsOf(cart),
  }));
  return {
    sections,
    orderType: query.orderType ?? priced[0]?.orderType ?? DEFAULT_ORDER_TYPE,
    totals: wireTotals(sumTotals(chargedTotals)),
    lineCount: priced.reduce((count, cart) => count + cart.lines.length, 0),
    cashPaidAt,
  };
}
