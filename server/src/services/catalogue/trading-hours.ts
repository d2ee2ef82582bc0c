/**
 * When a trailer trades: the park's switch, its own open/closed, a pause (for some minutes or until reopened) and
 * its opening hours per weekday in park time. The vendor's `status` text the spec reads ('open' when it contains
 * 'open' or 'active') is 'open', 'busy' (paused) or 'closed'; only 'open' takes new orders.
 */
import { PARK_TIME_ZONE } from "@contract/park-clock";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface DayHours {
  /** 'HH:MM' in park time. A close at or before the open runs past midnight. */
  open: string;
  close: string;
}
/** A weekday missing or null: closed all that day. */
export type OpeningHours = Partial<Record<Weekday, DayHours | null>>;

export interface TradingRow {
  active: boolean;
  trading_status: "open" | "closed";
  paused?: boolean | null;
  paused_until?: Date | string | null;
  opening_hours?: OpeningHours | null;
  /** Staff opened it outside its hours: it trades until then (migration 014). */
  hours_overridden_until?: Date | string | null;
}

export type TradingStatus = "open" | "busy" | "closed";

const parkClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: PARK_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The park-time weekday and minutes since midnight of `at`. */
export function parkTime(at: Date): { day: Weekday; minutes: number } {
  const parts = parkClock.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const day = get("weekday").toLowerCase().slice(0, 3) as Weekday;
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

export const hhmmToMinutes = (text: string): number => {
  const [hours, minutes] = text.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Within the opening hours at `at` (today's hours, or yesterday's when they run past midnight). */
export function withinHours(hours: OpeningHours, at: Date): boolean {
  const { day, minutes } = parkTime(at);
  return withinHoursAt(hours, day, minutes);
}

const MINUTES_PER_DAY = 24 * 60;
/** How far ahead a next opening or closing is looked for: a week and a day covers every schedule. */
const LOOKAHEAD_MINUTES = 8 * MINUTES_PER_DAY;

/**
 * The next time the hours change from open to closed or back, after `at` (to the minute), or null when they never
 * change (every day closed, or open round the clock). A clock change in between is corrected once: the answer is
 * the instant whose park time is the schedule's minute.
 */
export function nextHoursChange(
  hours: OpeningHours,
  at: Date,
): { at: Date; opens: boolean } | null {
  const start = parkTime(at);
  const startDay = WEEKDAYS.indexOf(start.day);
  const wasOpen = withinHoursAt(hours, start.day, start.minutes);
  for (let step = 1; step <= LOOKAHEAD_MINUTES; step += 1) {
    const total = start.minutes + step;
    const day = WEEKDAYS[(startDay + Math.floor(total / MINUTES_PER_DAY)) % 7]!;
    const minutes = total % MINUTES_PER_DAY;
    if (withinHoursAt(hours, day, minutes) === wasOpen) continue;
    const wholeMinute = at.getTime() - (at.getTime() % 60_000);
    let when = new Date(wholeMinute + step * 60_000);
    const shown = parkTime(when).minutes;
    if (shown !== minutes) {
      let drift = shown - minutes;
      if (drift > MINUTES_PER_DAY / 2) drift -= MINUTES_PER_DAY;
      if (drift < -MINUTES_PER_DAY / 2) drift += MINUTES_PER_DAY;
      when = new Date(when.getTime() - drift * 60_000);
    }
    return { at: when, opens: !wasOpen };
  }
  return null;
}

/** The same rule on a park-time weekday and minute of the day. */
export function withinHoursAt(hours: OpeningHours, day: Weekday, minutes: number): boolean {
  const today = hours[day];
  if (today) {
    const open = hhmmToMinutes(today.open);
    const close = hhmmToMinutes(today.close);
    if (close > open ? minutes >= open && minutes < close : minutes >= open) return true;
  }
  const yesterday = hours[WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!];
  if (yesterday) {
    const open = hhmmToMinutes(yesterday.open);
    const close = hhmmToMinutes(yesterday.close);
    if (close <= open && minutes < close) return true;
  }
  return false;
}

export const pausedUntil = (row: TradingRow): Date | null =>
  row.paused_until ? new Date(row.paused_until) : null;

/** Staff's Open still overrides the hours at `at` (until the schedule's next change). */
export const hoursOverridden = (row: TradingRow, at: Date): boolean =>
  !!row.hours_overridden_until && new Date(row.hours_overridden_until) > at;

export function tradingStatus(row: TradingRow, at: Date = new Date()): TradingStatus {
  if (!row.active || row.trading_status !== "open") return "closed";
  if (row.opening_hours && !withinHours(row.opening_hours, at) && !hoursOverridden(row, at))
    return "closed";
  const until = pausedUntil(row);
  if (row.paused && (!until || until > at)) return "busy";
  return "open";
}

/** When a paused trailer reopens by itself (ISO), or null (not paused, or paused until reopened). */
export function busyUntil(row: TradingRow, at: Date = new Date()): string | null {
  const until = pausedUntil(row);
  return tradingStatus(row, at) === "busy" && until ? until.toISOString() : null;
}

/** The earliest end of a timed pause after `at`, or null. */
export function nextPauseEnd(rows: readonly TradingRow[], at: Date): Date | null {
  let next: number | null = null;
  for (const row of rows) {
    const until = pausedUntil(row);
    if (row.paused && until && until > at && (next === null || until.getTime() < next))
      next = until.getTime();
  }
  return next === null ? null : new Date(next);
}

/**
 * When a customer can next order, or stops being able to: 'Opens 11:00' for a trailer closed by its hours (not by
 * its own switch), 'Closes 21:00' for one trading with hours. ISO times; both null without hours.
 */
export function hoursTimes(
  row: TradingRow,
  at: Date = new Date(),
): { opensAt: string | null; closesAt: string | null } {
  const none = { opensAt: null, closesAt: null };
  if (!row.opening_hours || !row.active || row.trading_status !== "open") return none;
  const status = tradingStatus(row, at);
  // Opened outside its hours: it trades until the schedule opens, then until the schedule closes.
  const from = hoursOverridden(row, at) ? new Date(row.hours_overridden_until!) : at;
  const next = nextHoursChange(row.opening_hours, from);
  if (!next) return none;
  if (status === "closed")
    return next.opens ? { opensAt: next.at.toISOString(), closesAt: null } : none;
  if (next.opens) {
    const close = nextHoursChange(row.opening_hours, next.at);
    return { opensAt: null, closesAt: close && !close.opens ? close.at.toISOString() : null };
  }
  return { opensAt: null, closesAt: next.at.toISOString() };
}
