/**
 * Opening hours never close a trailer by surprise: no hours means no schedule, hours that would close an open
 * trailer now are refused until the staff confirm, Open always opens (until the schedule's next change), customers
 * read when it opens or closes, and the record names the hours before → after.
 */
import type { AuditEntry, StaffTrailer } from "@contract/park-operations";
import type { Vendor } from "@contract/vendors";
import { nextHoursChange, withinHours } from "@server/services/catalogue/trading-hours.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

const parkClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** 'HH:MM' in park time, `minutes` from now. */
/** "11:00" today in the park, "Sun 11:00" on another day (the audit line names the day it runs into). */
const parkDayAndTime = (iso: string) => {
  const moment = new Date(iso);
  const day = (date: Date) => date.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  const weekday = moment.toLocaleDateString("en-GB", {
    timeZone: "Europe/London",
    weekday: "short",
  });
  return day(moment) === day(new Date())
    ? parkClock.format(moment)
    : `${weekday} ${parkClock.format(moment)}`;
};
const parkHhmm = (minutes: number) => parkClock.format(new Date(Date.now() + minutes * 60_000));
const everyDay = (open: string, close: string) =>
  Object.fromEntries(DAYS.map((day) => [day, { open, close }]));

describe("the hours' next change", () => {
  it("finds the next opening and closing in park time, across midnight and days", () => {
    const hours = { ...everyDay("11:00", "21:00"), sun: null };
    // Saturday 22 Nov 2026, 05:18 in London (GMT).
    const early = new Date("2026-11-21T05:18:00Z");
    expect(withinHours(hours, early)).toBe(false);
    expect(nextHoursChange(hours, early)).toEqual({
      at: new Date("2026-11-21T11:00:00Z"),
      opens: true,
    });
    expect(nextHoursChange(hours, new Date("2026-11-21T12:00:00Z"))).toEqual({
      at: new Date("2026-11-21T21:00:00Z"),
      opens: false,
    });
    // Saturday night: Sunday is closed, so Monday 11:00.
    expect(nextHoursChange(hours, new Date("2026-11-21T21:30:00Z"))?.at).toEqual(
      new Date("2026-11-23T11:00:00Z"),
    );
    // Summer time (BST): 11:00 in London is 10:00 UTC.
    expect(nextHoursChange(hours, new Date("2026-07-04T05:00:00Z"))?.at).toEqual(
      new Date("2026-07-04T10:00:00Z"),
    );
    expect(nextHoursChange({}, early)).toBeNull();
  });
});

describe.each(databaseKinds)("opening hours on the Trailers screen on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  let manager: string;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    ids = await demoIds(server);
    manager = await server.login(MANAGER.email, MANAGER.password);
  });
  afterAll(() => server?.close());

  const patch = (body: unknown) =>
    server.request<StaffTrailer & { message?: string }>(`/api/staff/trailers/${ids.smash}`, {
      method: "PATCH",
      body,
      token: manager,
    });
  const vendor = async () => (await server.request<Vendor>(`/api/vendors/${ids.smash}`)).body;
  const latestAudit = async () =>
    (
      await server.request<{ data: AuditEntry[] }>("/api/staff/audit", { token: manager })
    ).body.data.find((entry) => entry.vendorId === ids.smash)!;

  it("without hours a trailer trades whenever it is open, with no opening or closing time", async () => {
    expect((await patch({ status: "open", openingHours: null })).status).toBe(200);
    const open = await vendor();
    expect(open.status).toBe("open");
    expect(open.opensAt ?? null).toBeNull();
    expect(open.closesAt ?? null).toBeNull();
  });

  it("refuses hours that would close the open trailer now until the staff confirm, then says when it opens", async () => {
    const later = everyDay(parkHhmm(120), parkHhmm(240));
    const refused = await patch({ openingHours: later });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^These hours close Smash Stack now \(it is \d\d:\d\d/);
    expect((await vendor()).status).toBe("open");

    const saved = await patch({ openingHours: later, confirmClose: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.status).toBe("closed");
    const closed = await vendor();
    expect(closed.status).toBe("closed");
    expect(parkClock.format(new Date(closed.opensAt!))).toBe(later.mon!.open);
    expect((await latestAudit()).summary).toBe(
      `Opening hours none → Mon–Sun ${later.mon!.open}–${later.mon!.close}`,
    );
  });

  it("Open always opens outside the hours, until their next change, and says so", async () => {
    const before = await vendor();
    const opened = await patch({ status: "open" });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.status).toBe("open");
    expect(opened.body.hoursOverriddenUntil).toBe(before.opensAt);
    const open = await vendor();
    expect(open.status).toBe("open");
    // It trades until the schedule opens, then until the schedule closes it.
    expect(parkClock.format(new Date(open.closesAt!))).toBe(parkHhmm(240));
    expect((await latestAudit()).summary).toBe(
      `Status open → open outside its hours until ${parkDayAndTime(before.opensAt!)}`,
    );
  });

  it("hours that keep it open save at once and show when it closes", async () => {
    const now = everyDay(parkHhmm(-60), parkHhmm(180));
    const saved = await patch({ openingHours: now });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.status).toBe("open");
    expect(saved.body.hoursOverriddenUntil).toBeNull();
    expect(parkClock.format(new Date((await vendor()).closesAt!))).toBe(parkHhmm(180));
    expect((await patch({ openingHours: null })).status).toBe(200);
  });
});
