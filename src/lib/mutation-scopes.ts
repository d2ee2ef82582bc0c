/**
 * Cart writes (features/cart) and offline cash orders (features/checkout) share this TanStack Query mutation
 * scope: one at a time, in the order they were made, so a queued order is placed only after the cart changes
 * queued before it. One object for both, so the two features cannot drift apart.
 */
export const CART_MUTATION_SCOPE = { id: "cart" } as const;
