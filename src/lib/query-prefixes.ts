/**
 * The key prefix of the customer's orders in the query cache. The orders' API (features/orders/api/orders-api.ts)
 * builds its keys under it; the revalidation and restore rules (app/query-client.ts, app/query-persistence.ts)
 * apply by it; and a checkout refreshes the orders without importing another feature.
 */
export const ORDERS_QUERY_PREFIX = ["orders"] as const;
