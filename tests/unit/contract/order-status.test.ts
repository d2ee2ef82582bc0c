import {
  allowedNextStatuses,
  canTransition,
  nextForwardStatus,
  statusBannerText,
} from "@contract/order-status";
import { ORDER_STATUSES } from "@contract/orders";
import { describe, expect, it } from "vitest";

describe("status transitions", () => {
  it("moves one step at a time", () => {
    expect(nextForwardStatus("pending", "takeaway")).toBe("confirmed");
    expect(nextForwardStatus("pending_payment", "takeaway")).toBe("confirmed");
    expect(nextForwardStatus("confirmed", "takeaway")).toBe("preparing");
    expect(nextForwardStatus("preparing", "takeaway")).toBe("ready");
    expect(nextForwardStatus("ready", "takeaway")).toBe("completed");
    expect(nextForwardStatus("ready", "dine_in")).toBe("completed");
    expect(nextForwardStatus("ready", "delivery")).toBe("delivered");
  });

  it("allows cancelling from every unfinished status and nothing from a final one", () => {
    for (const status of [
      "pending",
      "pending_payment",
      "confirmed",
      "preparing",
      "ready",
    ] as const) {
      expect(canTransition(status, "cancelled", "takeaway")).toBe(true);
    }
    for (const status of ["completed", "delivered", "cancelled"] as const) {
      expect(allowedNextStatuses(status, "takeaway")).toEqual([]);
    }
  });

  it("refuses skipping, going back and staying put", () => {
    expect(canTransition("confirmed", "ready", "takeaway")).toBe(false);
    expect(canTransition("pending_payment", "preparing", "takeaway")).toBe(false);
    expect(canTransition("ready", "preparing", "takeaway")).toBe(false);
    expect(canTransition("ready", "ready", "takeaway")).toBe(false);
    expect(canTransition("ready", "delivered", "takeaway")).toBe(false);
  });

  it("offers each status at most two moves", () => {
    for (const status of ORDER_STATUSES)
      expect(allowedNextStatuses(status, "delivery").length).toBeLessThanOrEqual(2);
  });
});

describe("banner text (docs/product-spec.md § States and transitions)", () => {
  it.each([
    ["completed", "Order Completed"],
    ["ready", "Ready for Pickup"],
    ["preparing", "Preparing Order"],
    ["pending", "Order Pending"],
    ["pending_payment", "Pending Payment"],
    ["cancelled", "Order Cancelled"],
    ["confirmed", "Order Confirmed"],
    ["delivered", "Order Delivered"],
    ["out_for_delivery", "Order Out For Delivery"],
  ])("%s reads %s", (status, text) => {
    expect(statusBannerText(status)).toBe(text);
  });
});
