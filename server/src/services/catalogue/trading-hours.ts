/**
 * When a trailer trades: the park's switch, its own open/closed, a pause (for some minutes or until reopened) and
 * its opening hours per weekday in park time. The vendor's `status` text the spec reads ('open' when it contains
 * 'open' or 'active') is 'open', 'busy' (paused) or 'closed'; only 'open' takes new orders.
 */
import { PARK_TIME_ZONE } from "@server/db/repositories/orders.js";

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

export function tradingStatus(row: TradingRow, at: Date = new Date()): TradingStatus {
  if (!row.active || row.trading_status !== "open") return "closed";
  if (row.opening_hours && !withinHours(row.opening_hours, at)) return "closed";
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
