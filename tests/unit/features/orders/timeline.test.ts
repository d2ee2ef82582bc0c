import type { OrderStatus } from "@contract/orders";
import { describe, expect, it } from "vitest";
import { timelineSteps } from "@/features/orders/lib/timeline";

const doneLabels = (
  status: OrderStatus,
  method: "stripe" | "cash_at_counter",
  handleCancelled = true,
) =>
  timelineSteps(status, method, { handleCancelled })
    .filter((step) => step.done)
    .map((step) => step.label);

describe("card and other orders' timeline (docs/product-spec.md § States and transitions)", () => {
  it("has the five steps in order", () => {
    expect(
      timelineSteps("pending", "stripe", { handleCancelled: true }).map((step) => step.label),
    ).toEqual(["Order Placed", "Order Confirmed", "Preparing", "Ready for Pickup", "Delivered"]);
  });

  it.each<[OrderStatus, string[]]>([
    ["pending", ["Order Placed"]],
    ["confirmed", ["Order Placed", "Order Confirmed"]],
    ["preparing", ["Order Placed", "Order Confirmed", "Preparing"]],
    ["ready", ["Order Placed", "Order Confirmed", "Preparing", "Ready for Pickup"]],
    [
      "delivered",
      ["Order Placed", "Order Confirmed", "Preparing", "Ready for Pickup", "Delivered"],
    ],
    [
      "completed",
      ["Order Placed", "Order Confirmed", "Preparing", "Ready for Pickup", "Delivered"],
    ],
  ])("%s marks %j done", (status, done) => {
    expect(doneLabels(status, "stripe")).toEqual(done);
  });

  it.each<[OrderStatus, string]>([
    ["pending", "Order Placed"],
    ["confirmed", "Order Confirmed"],
    ["preparing", "Preparing"],
    ["ready", "Ready for Pickup"],
  ])(
    "while %s, marks %s as the current step 'now' and the steps after it upcoming",
    (status, label) => {
      const steps = timelineSteps(status, "stripe", { handleCancelled: true });
      const index = steps.findIndex((step) => step.label === label);
      expect(steps.filter((step) => step.current).map((step) => [step.label, step.note])).toEqual([
        [label, "now"],
      ]);
      expect(steps.filter((step) => step.upcoming).map((step) => step.label)).toEqual(
        steps.slice(index + 1).map((step) => step.label),
      );
    },
  );

  it("never points one step ahead: while preparing, 'Ready for Pickup' is upcoming, not current", () => {
    const ready = timelineSteps("preparing", "stripe", { handleCancelled: true }).find(
      (step) => step.label === "Ready for Pickup",
    );
    expect(ready).toMatchObject({ current: false, upcoming: true, done: false });
  });

  it("ends on Delivered without 'now' once the order is finished", () => {
    const steps = timelineSteps("completed", "stripe", { handleCancelled: true });
    expect(steps.filter((step) => step.current).map((step) => [step.label, step.note])).toEqual([
      ["Delivered", null],
    ]);
    expect(steps.some((step) => step.upcoming)).toBe(false);
  });
});

describe("cash at counter timeline", () => {
  it("has six steps with Pending Payment after Order Placed", () => {
    expect(
      timelineSteps("pending_payment", "cash_at_counter", { handleCancelled: true }).map(
        (step) => step.label,
      ),
    ).toEqual([
      "Order Placed",
      "Pending Payment",
      "Order Confirmed",
      "Preparing",
      "Ready",
      "Delivered",
    ]);
  });

  it.each<[OrderStatus, number]>([
    ["pending", 1],
    ["pending_payment", 2],
    ["confirmed", 3],
    ["preparing", 4],
    ["ready", 5],
    ["completed", 6],
  ])("%s marks %i steps done", (status, count) => {
    expect(doneLabels(status, "cash_at_counter")).toHaveLength(count);
  });

  it("says 'Pay at the counter' on Pending Payment while the cash is unpaid, then 'now' on later steps", () => {
    const unpaid = timelineSteps("pending_payment", "cash_at_counter", { handleCancelled: true });
    expect(unpaid.filter((step) => step.current).map((step) => [step.label, step.note])).toEqual([
      ["Pending Payment", "Pay at the counter"],
    ]);
    expect(unpaid.filter((step) => step.upcoming).map((step) => step.label)).toEqual([
      "Order Confirmed",
      "Preparing",
      "Ready",
      "Delivered",
    ]);
    const preparing = timelineSteps("preparing", "cash_at_counter", { handleCancelled: true });
    expect(preparing.filter((step) => step.current).map((step) => [step.label, step.note])).toEqual(
      [["Preparing", "now"]],
    );
  });
});

describe("cancelled orders", () => {
  it("show only Order Placed and Order Cancelled, both done, the second marked red, on the details screen", () => {
    expect(timelineSteps("cancelled", "stripe", { handleCancelled: true })).toEqual([
      {
        label: "Order Placed",
        done: true,
        current: false,
        upcoming: false,
        note: null,
        cancelled: false,
      },
      {
        label: "Order Cancelled",
        done: true,
        current: false,
        upcoming: false,
        note: null,
        cancelled: true,
      },
    ]);
    expect(timelineSteps("cancelled", "cash_at_counter", { handleCancelled: true })).toHaveLength(
      2,
    );
  });

  it("get the ordinary timeline on the track view (no cancelled handling)", () => {
    const steps = timelineSteps("cancelled", "stripe", { handleCancelled: false });
    expect(steps).toHaveLength(5);
    expect(steps.some((step) => step.cancelled)).toBe(false);
    expect(steps.some((step) => step.current || step.upcoming)).toBe(false);
  });
});
