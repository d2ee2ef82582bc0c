/**
 * The park's clock as its people read it: 24-hour times in the park's time zone, and a moment on another park day
 * named by its weekday. The customer's trading line, the staff Trailers screen and the server's audit lines all say
 * a moment this way, so "until 00:15" written at 23:50 is never read as this morning.
 */

interface ParkClock {
  time: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
}

// Made on first use: a screen that loads this module behind its first paint pays nothing until it formats.
const clocks = new Map<string, ParkClock>();
function clockIn(timeZone: string): ParkClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = {
      // 24-hour whatever the device's locale (an Android web view set to en-US would say 9:00 PM).
      time: new Intl.DateTimeFormat("en-GB", {
        timeZone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
      // en-CA writes the calendar day as 2026-11-29: one string per park day.
      day: new Intl.DateTimeFormat("en-CA", { timeZone }),
      weekday: new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short" }),
    };
    clocks.set(timeZone, clock);
  }
  return clock;
}

type Moment = string | number | Date;

/** The park's time zone: its days, opening hours and reports run on it (src/brand.json names the same zone). */
export const PARK_TIME_ZONE = "Europe/London";

/** The park day `moment` falls on, as YYYY-MM-DD. */
export const parkDay = (moment: Moment, timeZone: string = PARK_TIME_ZONE): string =>
  clockIn(timeZone).day.format(new Date(moment));

/** "12:45" when `moment` falls on the same park day as `reference`, else "Sun 11:00". */
export function parkMoment(
  moment: Moment,
  reference: Moment,
  timeZone: string = PARK_TIME_ZONE,
): string {
  const clock = clockIn(timeZone);
  const at = new Date(moment);
  const time = clock.time.format(at);
  return clock.day.format(at) === clock.day.format(new Date(reference))
    ? time
    : `${clock.weekday.format(at)} ${time}`;
}
