// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { trailerStateDetail } from "@/features/staff/components/TrailersPage";

const trailer = (facts: Partial<Parameters<typeof trailerStateDetail>[0]>) => ({
  status: "open",
  pausedUntil: null,
  opensAt: null,
  closesAt: null,
  hoursOverriddenUntil: null,
  ...facts,
});

describe("what the staff Trailers panel says after a trailer's state", () => {
  it("says when a paused trailer is back, never calling it closed", () => {
    expect(
      trailerStateDetail(trailer({ status: "busy", pausedUntil: "2026-11-29T12:45:00Z" })),
    ).toBe("back at 12:45");
    expect(trailerStateDetail(trailer({ status: "busy" }))).toBe("until reopened");
  });

  it("says until when an open trailer overrides its hours, else when it closes", () => {
    const now = Date.now();
    const later = new Date(now + 60 * 60_000).toISOString();
    expect(trailerStateDetail(trailer({ hoursOverriddenUntil: later }))).toMatch(
      /^outside its hours until \d\d:\d\d$|^outside its hours until \w{3} \d\d:\d\d$/,
    );
    expect(trailerStateDetail(trailer({ closesAt: later }))).toMatch(/^Closes /);
    expect(trailerStateDetail(trailer({}))).toBeNull();
  });

  it("says when a closed trailer opens, or nothing", () => {
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(trailerStateDetail(trailer({ status: "closed", opensAt: later }))).toMatch(/^Opens /);
    expect(trailerStateDetail(trailer({ status: "closed" }))).toBeNull();
  });
});
