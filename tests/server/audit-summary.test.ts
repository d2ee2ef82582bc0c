import {
  type TrailerState,
  trailerUpdateSummary,
} from "@server/services/operations/audit-summary.js";
import { describe, expect, it } from "vitest";

const open: TrailerState = {
  tradingStatus: "open",
  paused: false,
  pausedUntil: null,
  openingHours: null,
  preparationTime: { min: 10, max: 20 },
  slotCap: null,
  pauseWhenFull: false,
};

describe("the audit line's times", () => {
  // 29 November 2026 is a Sunday; London is on GMT then.
  const lateSunday = new Date("2026-11-29T23:50:00Z");

  it("names only the time on the day the change was made", () => {
    expect(
      trailerUpdateSummary(
        open,
        { ...open, paused: true, pausedUntil: "2026-11-29T23:59:00Z" },
        lateSunday,
      ),
    ).toBe("Status open → busy until 23:59");
  });

  it("names the day when the time falls on another day in the park", () => {
    expect(
      trailerUpdateSummary(
        { ...open, tradingStatus: "closed" },
        { ...open, hoursOverriddenUntil: "2026-11-30T11:00:00Z" },
        lateSunday,
      ),
    ).toBe("Status closed → open outside its hours until Mon 11:00");
  });

  it("counts days in the park's clock, not UTC's", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): another day than 22:00 London time on 30 June.
    const summerEvening = new Date("2026-06-30T21:00:00Z");
    expect(
      trailerUpdateSummary(
        open,
        { ...open, paused: true, pausedUntil: "2026-06-30T23:30:00Z" },
        summerEvening,
      ),
    ).toBe("Status open → busy until Wed 00:30");
    expect(
      trailerUpdateSummary(
        open,
        { ...open, paused: true, pausedUntil: "2026-06-30T21:30:00Z" },
        summerEvening,
      ),
    ).toBe("Status open → busy until 22:30");
  });
});
