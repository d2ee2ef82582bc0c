/**
 * The cart's keys in the phone's storage and what sign-out needs of them: small, because the app's entry carries it
 * (sign-out forgets the cart on every screen, /login included), while the code that reads and writes the copies loads
 * with the cart's screens.
 * - 'cart' and 'cartVendor': the spec's local cart copy (./local-cart-copy.ts writes it);
 * - 'cartOrderType': the customer's order-type choice (./order-type-choice.ts);
 * - 'cartTrailer': the current trailer (./current-trailer.ts reads and chooses it; its listeners are kept here so
 *   that forgetting it tells them).
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

type Listener = () => void;
const trailerListeners = new Set<Listener>();

export function subscribeToTrailer(listener: Listener): () => void {
  trailerListeners.add(listener);
  return () => trailerListeners.delete(listener);
}

/** Stores the current trailer and tells whoever shows it. None is stored as '' (see ./current-trailer.ts). */
export function storeTrailer(vendorId: number | null): void {
  browserStorage()?.setItem(CART_STORAGE_KEYS.trailer, vendorId === null ? "" : String(vendorId));
  for (const listener of trailerListeners) listener();
}

/** Sign-out, or an order placed: no current trailer, and the spec's copy goes with it. */
export function forgetLocalCart(): void {
  clearLocalCartCopy();
  storeTrailer(null);
}
