import { describe, expect, it } from "vitest";
import { updatedLabel } from "@/features/orders/lib/updated-label";

const NOW = Date.parse("2026-07-01T12:00:00Z");

describe("'Updated' label", () => {
  it("says Just now under a minute, then minutes, then the London time", () => {
    expect(updatedLabel(NOW - 30_000, NOW)).toBe("Just now");
    expect(updatedLabel(NOW - 5 * 60_000, NOW)).toBe("5m ago");
    expect(updatedLabel(NOW - 59 * 60_000, NOW)).toBe("59m ago");
    // 10:30 UTC is 11:30 in London in summer.
    expect(updatedLabel(Date.parse("2026-07-01T10:30:00Z"), NOW)).toBe("11:30");
  });
});
