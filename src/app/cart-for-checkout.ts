import { cartKeys, cartWriteScope, fetchCart } from "@/features/cart/api/cart-keeper";
import type { CashOrderCart } from "@/features/checkout/api/cash-orders";

/** The cart keeper's keys, write queue and fetch, as the cash order plugs into them (features meet only here). */
export const cartForCashOrders: CashOrderCart = {
  queryKey: cartKeys.all,
  writeScope: cartWriteScope,
  fetchCart,
};
