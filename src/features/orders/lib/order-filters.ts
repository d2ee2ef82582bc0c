import type { OrderType } from "@contract/common";
import type { Order } from "@contract/orders";

export type SortField = "date" | "total" | "vendor";
export type SortDirection = "asc" | "desc";

export interface OrderFilters {
  search: string;
  /** '' = any status. */
  status: string;
  /** '' = any order type. */
  orderType: OrderType | "";
  sortBy: SortField;
  direction: SortDirection;
}

/** The product spec (docs/product-spec.md § Validation rules): default date descending, nothing filtered. */
export const DEFAULT_FILTERS: OrderFilters = {
  search: "",
  status: "",
  orderType: "",
  sortBy: "date",
  direction: "desc",
};

export const hasActiveFilters = (filters: OrderFilters): boolean =>
  filters.search.trim() !== "" || filters.status !== "" || filters.orderType !== "";

/** Search matches vendor name, order id, item name or description, ignoring case. */
export function matchesSearch(order: Order, search: string): boolean {
  // '#12' finds order 12 as it is shown.
  const needle = search.trim().toLowerCase().replace(/^#/, "");
  if (!needle) return true;
  const haystack = [
    order.vendorName,
    String(order.id),
    ...order.items.flatMap((item) => [item.name, item.description]),
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

const COMPARE: Record<SortField, (a: Order, b: Order) => number> = {
  date: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  total: (a, b) => a.totalPence - b.totalPence || a.id - b.id,
  vendor: (a, b) =>
    a.vendorName.localeCompare(b.vendorName, "en-GB", { sensitivity: "base" }) || a.id - b.id,
};

/** Status matches exactly ignoring case; order type exactly; then sorted. Never mutates the input. */
export function applyOrderFilters(orders: readonly Order[], filters: OrderFilters): Order[] {
  const status = filters.status.toLowerCase();
  const sign = filters.direction === "asc" ? 1 : -1;
  return orders
    .filter((order) => (status ? order.status.toLowerCase() === status : true))
    .filter((order) => (filters.orderType ? order.orderType === filters.orderType : true))
    .filter((order) => matchesSearch(order, filters.search))
    .sort((a, b) => sign * COMPARE[filters.sortBy](a, b));
}
