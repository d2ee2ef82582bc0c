/**
 * The cart's keys in the phone's storage and what sign-out needs of them: small, because the app's entry carries it
 * (sign-out forgets the cart on every screen, /login included), while the code that reads and writes the copies loads
 * with the cart's screens.
 * - 'cart' and 'cartVendor': the spec's local cart copy (./local-cart-copy.ts writes it);
 * - 'cartOrderType': the customer's order-type choice (./order-type-choice.ts);
 * - 'cartTrailer': the current trailer (./current-trailer.ts reads it, chooses it and tells the screens showing it).
 */
export const CART_STORAGE_KEYS = {
  cart: "cart",
  vendor: "cartVendor",
  orderType: "cartOrderType",
  trailer: "cartTrailer",
} as const;

export const browserStorage = (): Storage | null =>
  typeof localStorage === "undefined" ? null : localStorage;

export function clearLocalCartCopy(storage: Storage | null = browserStorage()): void {
  storage?.removeItem(CART_STORAGE_KEYS.cart);
  storage?.removeItem(CART_STORAGE_KEYS.vendor);
}

/**
 * Sign-out: no current trailer (stored as '', as ./current-trailer.ts does), and the spec's copy goes with it. No
 * screen showing the trailer is left to tell; an order placed forgets through the cart keeper, which tells them.
 */
export function forgetLocalCart(storage: Storage | null = browserStorage()): void {
  clearLocalCartCopy(storage);
  storage?.setItem(CART_STORAGE_KEYS.trailer, "");
}
