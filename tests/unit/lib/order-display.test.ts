import { describe, expect, it } from "vitest";
import {
  ageLabel,
  orderTypeIcon,
  orderTypeLabel,
  paymentMethodLabel,
  pillTone,
} from "@/lib/order-display";

const NOW = Date.parse("2026-07-01T12:00:00Z");

describe("list pill colours (docs/product-spec.md § States and transitions)", () => {
  it.each([
    ["preparing", "orange"],
    ["ready", "blue"],
    ["Ready for Pickup", "blue"],
    ["delivered", "green"],
    ["completed", "green"],
    ["cancelled", "red"],
    ["pending", "grey"],
    ["pending_payment", "grey"],
    ["confirmed", "grey"],
    ["something new", "grey"],
  ])("%s is %s", (status, tone) => {
    expect(pillTone(status)).toBe(tone);
  });
});

describe("order age", () => {
  it("reads in minutes, then hours", () => {
    expect(ageLabel(new Date(NOW - 20_000).toISOString(), NOW)).toBe("Just now");
    expect(ageLabel(new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe("5 min ago");
    expect(ageLabel(new Date(NOW - 95 * 60_000).toISOString(), NOW)).toBe("1 h 35 min ago");
  });
});

describe("order labels", () => {
  it("names order types from the brand configuration and payment methods in words", () => {
    expect(orderTypeLabel("takeaway")).toBe("Click & Collect");
    expect(orderTypeLabel("dine_in")).toBe("Dine In");
    expect(orderTypeLabel("drive_thru")).toBe("Drive Thru");
    expect(paymentMethodLabel("stripe")).toBe("Card");
    expect(paymentMethodLabel("cash_at_counter")).toBe("Cash at counter");
  });

  it("gives known order types their icon and others a generic one", () => {
    expect(orderTypeIcon("dine_in")).toBe("utensils");
    expect(orderTypeIcon("takeaway")).toBe("bag");
    expect(orderTypeIcon("delivery")).toBe("truck");
    expect(orderTypeIcon("drive_thru")).toBe("receipt");
  });
});
