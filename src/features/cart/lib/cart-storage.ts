import { type Cart, cartSchema } from "@contract/cart";
import { type OrderType, orderTypeSchema, vendorIdString } from "@contract/common";

import { CART_STORAGE_KEYS, clearLocalCart } from "./cart-keys";

export { CART_STORAGE_KEYS, clearLocalCart };

export interface LocalCart {
  vendorId: number;
  cart: Cart;
}

export interface LocalCartVendor {
  id: string;
  name: string;
  preparationTime: { min: number; max: number };
}

const storageOrNull = (): Storage | null =>
  typeof localStorage === "undefined" ? null : localStorage;

const parseVendorId = (value: unknown): number | null => {
  const match = /^(?:vendor_)?(\d+)$/.exec(String(value));
  return match ? Number(match[1]) : null;
};

/** The current vendor's cart, or null (nothing stored, or something unreadable, which is then removed). */
export function readLocalCart(storage: Storage | null = storageOrNull()): LocalCart | null {
  const raw = storage?.getItem(CART_STORAGE_KEYS.cart);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { vendorId?: unknown; cart?: unknown };
    const vendorId = parseVendorId(stored.vendorId);
    const cart = cartSchema.safeParse(stored.cart);
    if (vendorId !== null && cart.success) return { vendorId, cart: cart.data };
  } catch {
    // fall through: corrupt data is cleared
  }
  clearLocalCart(storage);
  return null;
}

export const currentCartVendorId = (storage: Storage | null = storageOrNull()) =>
  readLocalCart(storage)?.vendorId ?? null;

export function readLocalCartVendor(
  storage: Storage | null = storageOrNull(),
): LocalCartVendor | null {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEYS.vendor);
    return raw ? (JSON.parse(raw) as LocalCartVendor) : null;
  } catch {
    return null;
  }
}

/** Makes this cart's vendor the current one. A cart without a vendor (the empty cart) is not stored. */
export function writeLocalCart(cart: Cart, storage: Storage | null = storageOrNull()): void {
  if (!storage || cart.vendorId === null) return;
  storage.setItem(
    CART_STORAGE_KEYS.cart,
    JSON.stringify({ vendorId: vendorIdString(cart.vendorId), cart }),
  );
  if (cart.vendor_info) {
    const vendor: LocalCartVendor = {
      id: vendorIdString(cart.vendor_info.id),
      name: cart.vendor_info.name,
      preparationTime: cart.vendor_info.preparationTime,
    };
    storage.setItem(CART_STORAGE_KEYS.vendor, JSON.stringify(vendor));
  }
}

export function readStoredOrderType(storage: Storage | null = storageOrNull()): OrderType | null {
  const parsed = orderTypeSchema.safeParse(storage?.getItem(CART_STORAGE_KEYS.orderType));
  return parsed.success ? parsed.data : null;
}

export function writeStoredOrderType(
  orderType: OrderType,
  storage: Storage | null = storageOrNull(),
): void {
  storage?.setItem(CART_STORAGE_KEYS.orderType, orderType);
}
