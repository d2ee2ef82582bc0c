import { makeOrder } from "@tests/unit/helpers/orders";
import { describe, expect, it } from "vitest";
import { advanceLabel, filterBoard, groupByVendor, vendorsOf } from "@/features/staff/lib/board";

const pizzaLate = makeOrder({
  id: 3,
  vendorId: 1,
  vendorName: "Forno",
  created_at: "2026-11-21T12:10:00Z",
  status: "preparing",
});
const pizzaEarly = makeOrder({
  id: 4,
  vendorId: 1,
  vendorName: "Forno",
  created_at: "2026-11-21T12:00:00Z",
  status: "confirmed",
});
const burgerDone = makeOrder({
  id: 5,
  vendorId: 2,
  vendorName: "Burgers",
  created_at: "2026-11-21T11:00:00Z",
  status: "completed",
});
const burgerNew = makeOrder({
  id: 6,
  vendorId: 2,
  vendorName: "Burgers",
  created_at: "2026-11-21T12:20:00Z",
  status: "pending_payment",
});
const all = [pizzaLate, pizzaEarly, burgerDone, burgerNew];

describe("the staff board", () => {
  it("groups per vendor by name, each queue oldest first", () => {
    const columns = groupByVendor(all);
    expect(columns.map((column) => column.vendorName)).toEqual(["Burgers", "Forno"]);
    expect(columns[1]!.orders.map((order) => order.id)).toEqual([4, 3]);
  });

  it("hides finished orders unless asked, and filters by vendor", () => {
    expect(
      filterBoard(all, { vendorId: null, showFinished: false }).map((order) => order.id),
    ).toEqual([3, 4, 6]);
    expect(filterBoard(all, { vendorId: 2, showFinished: true }).map((order) => order.id)).toEqual([
      5, 6,
    ]);
  });

  it("names the one-tap move in kitchen words", () => {
    expect(advanceLabel("pending_payment", "confirmed")).toBe("Cash taken: confirm");
    expect(advanceLabel("pending", "confirmed")).toBe("Confirm order");
    expect(advanceLabel("confirmed", "preparing")).toBe("Start preparing");
    expect(advanceLabel("preparing", "ready")).toBe("Mark ready");
    expect(advanceLabel("ready", "completed")).toBe("Mark collected");
    expect(advanceLabel("ready", "delivered")).toBe("Mark delivered");
  });

  it("offers every known trailer in the filter, plus any only seen in orders", () => {
    expect(vendorsOf(all, [{ id: 9, name: "Churros" }])).toEqual([
      { id: 2, name: "Burgers" },
      { id: 9, name: "Churros" },
      { id: 1, name: "Forno" },
    ]);
  });
});
