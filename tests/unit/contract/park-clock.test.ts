import { PARK_TIME_ZONE, parkDay, parkMoment } from "@contract/park-clock";
import { describe, expect, it } from "vitest";
import brandFile from "@/brand.json";

const LONDON = "Europe/London";

describe("a moment on the park's clock", () => {
  // 29 November 2026 is a Sunday; London is on GMT then.
  const lateSunday = new Date("2026-11-29T23:50:00Z");

  it("is the time alone on the same park day, 24-hour", () => {
    expect(parkMoment("2026-11-29T23:59:00Z", lateSunday, LONDON)).toBe("23:59");
    expect(parkMoment("2026-11-29T09:05:00Z", lateSunday, LONDON)).toBe("09:05");
  });

  it("names its weekday on another park day", () => {
    expect(parkMoment("2026-11-30T11:00:00Z", lateSunday, LONDON)).toBe("Mon 11:00");
  });

  it("counts days in the park's time zone, not UTC's", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): another day than 22:00 London time on 30 June.
    const summerEvening = new Date("2026-06-30T21:00:00Z");
    expect(parkMoment("2026-06-30T23:30:00Z", summerEvening, LONDON)).toBe("Wed 00:30");
    expect(parkMoment("2026-06-30T22:30:00Z", summerEvening, LONDON)).toBe("23:30");
  });

  it("takes the reference as a timestamp, a date or an ISO string alike", () => {
    const iso = "2026-11-30T11:00:00Z";
    expect(parkMoment(iso, lateSunday.getTime(), LONDON)).toBe("Mon 11:00");
    expect(parkMoment(iso, lateSunday.toISOString(), LONDON)).toBe("Mon 11:00");
  });
});

describe("the park's day", () => {
  it("is the calendar day in the park's time zone", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST); in winter London is on UTC.
    expect(parkDay("2026-06-30T23:30:00Z")).toBe("2026-07-01");
    expect(parkDay("2026-11-29T23:30:00Z")).toBe("2026-11-29");
  });

  it("runs on the zone the brand file names, which the customer's screens format times in", () => {
    expect(brandFile.timezone).toBe(PARK_TIME_ZONE);
  });
});
