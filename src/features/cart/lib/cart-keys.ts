/**
 * Local-storage keys of spec sections 3 and 9 (the TanStack Query keys are `cartQueryKeys` in ../api/cart-api):
 * 'cart' holds {vendorId, cart} for the current vendor (the one last written to), 'cartVendor' its
 * {id, name, preparationTime}. Vendor ids use the spec's 'vendor_{n}' form.
 * 'cartOrderType' remembers the customer's order-type choice.
 * Kept apart from cart-storage (which parses with the contract) so sign-out can clear them without loading it.
 */
export const CART_STORAGE_KEYS = {
  cart: "cart",
  vendor: "cartVendor",
  orderType: "cartOrderType",
} as const;

export function clearLocalCart(
  storage: Storage | null = typeof localStorage === "undefined" ? null : localStorage,
): void {
  storage?.removeItem(CART_STORAGE_KEYS.cart);
  storage?.removeItem(CART_STORAGE_KEYS.vendor);
}

/**
 * Every cart query key starts with this (`['cart', vendor, orderType]`, and any later cart view under the same
 * prefix). The revalidation and persistence rules (src/app/query-client.ts, src/app/query-persistence.ts) apply
 * by this prefix, so a new cart query inherits them without being listed.
 */
export const CART_QUERY_PREFIX = ["cart"] as const;
