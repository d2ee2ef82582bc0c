import { describe, expect, it } from "vitest";
import { parkMoment, tradingLine } from "@/lib/trading-line";

// Saturday 28 November 2026, 21:00 in the park (GMT: the park's clock is UTC in winter).
const SATURDAY_EVENING = Date.parse("2026-11-28T21:00:00Z");

describe("the line beside a trailer's badge", () => {
  it("names a time later today by the time alone, 24-hour", () => {
    expect(
      tradingLine({ status: "closed", opensAt: "2026-11-28T22:45:00Z" }, SATURDAY_EVENING),
    ).toBe("Opens 22:45");
    expect(
      tradingLine({ status: "open", closesAt: "2026-11-28T23:30:00Z" }, SATURDAY_EVENING),
    ).toBe("Closes 23:30");
  });

  it("names a time on another park day with its weekday, so a late closing is not read as this morning", () => {
    expect(
      tradingLine({ status: "open", closesAt: "2026-11-29T00:45:00Z" }, SATURDAY_EVENING),
    ).toBe("Closes Sun 00:45");
    expect(
      tradingLine({ status: "closed", opensAt: "2026-11-30T11:00:00Z" }, SATURDAY_EVENING),
    ).toBe("Opens Mon 11:00");
  });

  it("counts days in the park's time, not UTC: 00:15 on a summer Sunday is still the next day at 23:30 BST", () => {
    const saturdayNightBst = Date.parse("2026-07-04T22:30:00Z"); // 23:30 in the park
    expect(parkMoment("2026-07-04T23:15:00Z", saturdayNightBst)).toBe("Sun 00:15");
    expect(parkMoment("2026-07-04T22:50:00Z", saturdayNightBst)).toBe("23:50");
  });

  it("says when a paused trailer is back, and nothing for an open trailer without hours", () => {
    expect(
      tradingLine({ status: "busy", busyUntil: "2026-11-28T21:20:00Z" }, SATURDAY_EVENING),
    ).toBe("Busy — back at 21:20");
    expect(tradingLine({ status: "busy" }, SATURDAY_EVENING)).toBe("Busy");
    expect(tradingLine({ status: "open" }, SATURDAY_EVENING)).toBeNull();
  });
});
