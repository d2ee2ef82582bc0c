import { makeItem, makeOrder } from "@tests/unit/helpers/orders";
import { describe, expect, it } from "vitest";
import {
  applyOrderFilters,
  DEFAULT_FILTERS,
  hasActiveFilters,
} from "@/features/orders/lib/order-filters";

const pizza = makeOrder({
  id: 11,
  vendorName: "Forno Fuoco",
  status: "preparing",
  orderType: "takeaway",
  totalPence: 1800,
  created_at: "2026-11-21T12:00:00Z",
  items: [makeItem({ name: "Margherita", description: "San Marzano tomato" })],
});
const tacos = makeOrder({
  id: 12,
  vendorName: "Taco Truck",
  status: "completed",
  orderType: "dine_in",
  totalPence: 950,
  created_at: "2026-11-21T13:00:00Z",
  items: [makeItem({ name: "Al pastor", description: "Pineapple and pork" })],
});
const curry = makeOrder({
  id: 3,
  vendorName: "bombay bites",
  status: "ready",
  orderType: "takeaway",
  totalPence: 2400,
  created_at: "2026-11-20T18:00:00Z",
  items: [makeItem({ name: "Chicken tikka", description: "Smoky" })],
});
const all = [pizza, tacos, curry];
const ids = (filters: Partial<typeof DEFAULT_FILTERS>) =>
  applyOrderFilters(all, { ...DEFAULT_FILTERS, ...filters }).map((o) => o.id);

describe("orders list filters (docs/product-spec.md § Validation rules)", () => {
  it("defaults to newest first", () => {
    expect(ids({})).toEqual([12, 11, 3]);
  });

  it("searches vendor name, order id, item name and description, ignoring case", () => {
    expect(ids({ search: "TACO" })).toEqual([12]);
    expect(ids({ search: "12" })).toEqual([12]);
    expect(ids({ search: "#3" })).toEqual([3]);
    expect(ids({ search: "margherita" })).toEqual([11]);
    expect(ids({ search: "pineapple" })).toEqual([12]);
    expect(ids({ search: "nothing like it" })).toEqual([]);
  });

  it("matches status exactly ignoring case, and order type exactly", () => {
    expect(ids({ status: "READY" })).toEqual([3]);
    expect(ids({ status: "read" })).toEqual([]);
    expect(ids({ orderType: "takeaway" })).toEqual([11, 3]);
  });

  it("sorts by date, total or vendor in either direction", () => {
    expect(ids({ direction: "asc" })).toEqual([3, 11, 12]);
    expect(ids({ sortBy: "total" })).toEqual([3, 11, 12]);
    expect(ids({ sortBy: "total", direction: "asc" })).toEqual([12, 11, 3]);
    expect(ids({ sortBy: "vendor", direction: "asc" })).toEqual([3, 11, 12]);
  });

  it("never changes the list it was given", () => {
    const copy = [...all];
    applyOrderFilters(all, { ...DEFAULT_FILTERS, direction: "asc" });
    expect(all).toEqual(copy);
  });

  it("knows when anything is filtered", () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sortBy: "total" })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, status: "ready" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: "  x " })).toBe(true);
  });
});
