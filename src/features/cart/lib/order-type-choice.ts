import { type OrderType, orderTypeSchema } from "@contract/common";
import { browserStorage, CART_STORAGE_KEYS } from "./cart-storage";

/** The customer's order-type choice, kept on the phone ('cartOrderType'); only a known type is read back. */
export function readStoredOrderType(storage: Storage | null = browserStorage()): OrderType | null {
  const parsed = orderTypeSchema.safeParse(storage?.getItem(CART_STORAGE_KEYS.orderType));
  return parsed.success ? parsed.data : null;
}

export function writeStoredOrderType(
  orderType: OrderType,
  storage: Storage | null = browserStorage(),
): void {
  storage?.setItem(CART_STORAGE_KEYS.orderType, orderType);
}
