/**
 * The key prefixes of the customer's own data in the query cache. The cart's keeper (features/cart/api/cart-keeper.ts)
 * and the orders' API (features/orders/api/orders-api.ts) build their keys under them; the revalidation and restore
 * rules (app/query-client.ts, app/query-persistence.ts) apply by them; and a feature that changes both (a checkout)
 * refreshes them without importing another feature.
 */
export const CART_QUERY_PREFIX = ["cart"] as const;
export const ORDERS_QUERY_PREFIX = ["orders"] as const;
