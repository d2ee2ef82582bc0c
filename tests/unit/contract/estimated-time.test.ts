import {
  type EstimateSource,
  estimateWindow,
  isRunningLate,
  orderEstimateText,
  vendorEstimateText,
} from "@contract/estimated-time";
import { describe, expect, it } from "vitest";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const vendor = (min: number, max: number) => ({
  preparation_time_min: min,
  preparation_time_max: max,
});
const order = (overrides: Partial<EstimateSource> = {}): EstimateSource => ({
  status: "confirmed",
  estimatedDeliveryTime: null,
  estimatedReadyFrom: null,
  vendor: vendor(8, 12),
  ...overrides,
});

describe("estimated time: one rule for every screen (docs/product-spec.md § Business constants and limits)", () => {
  it("defaults to '10-15 minutes', or '10-15 min' in the list and track views", () => {
    expect(vendorEstimateText(null, "long")).toBe("10-15 minutes");
    expect(vendorEstimateText(null, "short")).toBe("10-15 min");
    expect(vendorEstimateText({ min: 0, max: 0 }, "long")).toBe("10-15 minutes");
    expect(orderEstimateText(order({ vendor: vendor(0, 0) }), "short", NOW)).toBe("10-15 min");
  });

  it("uses the vendor's preparation range when the order has no estimate", () => {
    expect(vendorEstimateText({ min: 8, max: 12 }, "long")).toBe("8-12 minutes");
    expect(orderEstimateText(order(), "long", NOW)).toBe("8-12 minutes");
  });

  it("the spec's rule: a future estimatedDeliveryTime gives n-(n+5) minutes, the same on every screen at one moment", () => {
    const placed = order({ estimatedReadyFrom: at(8), estimatedDeliveryTime: at(12) });
    expect(orderEstimateText(placed, "long", NOW)).toBe("12-17 minutes");
    expect(orderEstimateText(placed, "short", NOW)).toBe("12-17 min");
    expect(orderEstimateText(placed, "long", NOW + 5 * 60_000)).toBe("7-12 minutes");
    expect(orderEstimateText(order({ estimatedDeliveryTime: at(7.5) }), "short", NOW)).toBe(
      "8-13 min",
    );
    // Less than a minute left: still a range from 1, never 0.
    expect(orderEstimateText(placed, "long", NOW + 11.9 * 60_000)).toBe("1-6 minutes");
  });

  it("once estimatedDeliveryTime has passed, the vendor's range (else 10-15), as the spec says", () => {
    const late = order({
      status: "preparing",
      estimatedReadyFrom: at(-22),
      estimatedDeliveryTime: at(-18),
    });
    expect(orderEstimateText(late, "long", NOW)).toBe("8-12 minutes");
    expect(isRunningLate(late, NOW)).toBe(true);
    expect(
      orderEstimateText(order({ estimatedDeliveryTime: at(-1), vendor: null }), "short", NOW),
    ).toBe("10-15 min");
  });

  it("says a ready order is ready, and shows nothing for finished orders", () => {
    expect(
      orderEstimateText(order({ status: "ready", estimatedDeliveryTime: at(-30) }), "long", NOW),
    ).toBe("Ready now");
    for (const status of ["completed", "delivered", "cancelled"] as const) {
      expect(
        orderEstimateText(order({ status, estimatedDeliveryTime: at(5) }), "long", NOW),
      ).toBeNull();
    }
  });
});

describe("the server's window moves with the status", () => {
  const now = new Date(NOW);

  it("restarts from the vendor's range when the order is confirmed (a cash order once paid)", () => {
    expect(estimateWindow("confirmed", { min: 8, max: 12 }, now)).toEqual({
      from: new Date(at(8)),
      at: new Date(at(12)),
    });
    expect(estimateWindow("confirmed", null, now)).toEqual({
      from: new Date(at(10)),
      at: new Date(at(15)),
    });
  });

  it("keeps the promise while preparing and on the way out, and is now when ready", () => {
    expect(estimateWindow("preparing", { min: 8, max: 12 }, now)).toBeNull();
    expect(estimateWindow("completed", { min: 8, max: 12 }, now)).toBeNull();
    expect(estimateWindow("cancelled", { min: 8, max: 12 }, now)).toBeNull();
    expect(estimateWindow("ready", { min: 8, max: 12 }, now)).toEqual({ from: now, at: now });
  });
});
