/**
 * The customer's orders in the query cache: one entry per order (`detail`) and the list. Apart from the reader
 * (./order-queries.ts) so the query client's defaults and the persistence rules, which load with the first screen,
 * do not pull the order schemas into it.
 */
export const orderKeys = {
  all: ["orders"] as const,
  list: () => ["orders", "list"] as const,
  detail: (orderId: number) => ["orders", "detail", orderId] as const,
};
