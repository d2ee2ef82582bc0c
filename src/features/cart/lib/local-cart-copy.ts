import type { Cart } from "@contract/cart";
import { browserStorage, CART_STORAGE_KEYS } from "./cart-storage";

/**
 * The spec's local cart copy (docs/product-spec.md § Data shapes and § Business constants): 'cart' holds
 * {vendorId, cart} of the current trailer, 'cartVendor' its {id, name, preparationTime}, ids in the 'vendor_{n}'
 * form. It is a mirror for whoever reads the phone's storage: only the cart keeper (../api/cart-keeper.ts) writes
 * it, from the cart it shows, and nothing in the app reads it to decide what to show.
 * The keys, and the clearing sign-out does, are in ./cart-storage.ts.
 */

/** The spec's 'vendor_{n}' form (as contract/common's vendorIdString, which would load the schema library). */
const vendorKey = (id: number) => `vendor_${id}`;

/** The copy of `cart` as the current trailer's. A cart without a trailer (the empty cart) is not stored. */
export function writeLocalCartCopy(cart: Cart, storage: Storage | null = browserStorage()): void {
  if (!storage || cart.vendorId === null) return;
  storage.setItem(
    CART_STORAGE_KEYS.cart,
    JSON.stringify({ vendorId: vendorKey(cart.vendorId), cart }),
  );
  if (!cart.vendor_info) return;
  const { id, name, preparationTime } = cart.vendor_info;
  storage.setItem(
    CART_STORAGE_KEYS.vendor,
    JSON.stringify({ id: vendorKey(id), name, preparationTime }),
  );
}
