import { describe, expect, it } from "vitest";
import { estimatedTimeText } from "../../../../src/features/orders/lib/estimated-time";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const vendor = (min: number, max: number) => ({
  id: 1,
  name: "V",
  preparation_time_min: min,
  preparation_time_max: max,
});

describe("estimated time (spec section 9)", () => {
  it("defaults to 10-15 min (short) and 10-15 minutes (long)", () => {
    const order = { vendor: vendor(0, 0), estimatedDeliveryTime: null };
    expect(estimatedTimeText(order, "short", NOW)).toBe("10-15 min");
    expect(estimatedTimeText(order, "long", NOW)).toBe("10-15 minutes");
  });

  it("uses the vendor's preparation time", () => {
    expect(
      estimatedTimeText({ vendor: vendor(12, 18), estimatedDeliveryTime: null }, "short", NOW),
    ).toBe("12-18 min");
  });

  it("counts from now to estimatedDeliveryTime, plus 5", () => {
    const order = { vendor: vendor(12, 18), estimatedDeliveryTime: "2026-11-21T12:07:30Z" };
    expect(estimatedTimeText(order, "short", NOW)).toBe("8-13 min");
  });

  it("falls back to the vendor once estimatedDeliveryTime has passed", () => {
    const order = { vendor: vendor(12, 18), estimatedDeliveryTime: "2026-11-21T11:50:00Z" };
    expect(estimatedTimeText(order, "short", NOW)).toBe("12-18 min");
  });
});
