/**
 * Minutes a trailer was paused, and minutes it had at least one item or add-on sold out, within [start, until),
 * read from the park-operations audit (every change is recorded there with its state after).
 */
import type { AuditRow } from "@server/db/repositories/reports.js";

interface Interval {
  from: number;
  to: number;
}

const MINUTE = 60_000;

function clippedMinutes(intervals: Interval[], start: Date, until: Date): number {
  const lo = start.getTime();
  const hi = until.getTime();
  const clipped = intervals
    .map((interval) => ({ from: Math.max(interval.from, lo), to: Math.min(interval.to, hi) }))
    .filter((interval) => interval.to > interval.from)
    .sort((a, b) => a.from - b.from);
  let total = 0;
  let current: Interval | null = null;
  for (const interval of clipped) {
    if (current && interval.from <= current.to) current.to = Math.max(current.to, interval.to);
    else {
      if (current) total += current.to - current.from;
      current = { ...interval };
    }
  }
  if (current) total += current.to - current.from;
  return Math.round(total / MINUTE);
}

export function pausedAndSoldOutMinutes(
  rows: readonly AuditRow[],
  start: Date,
  until: Date,
): { paused: number; soldOut: number } {
  const paused: Interval[] = [];
  const soldOut: Interval[] = [];
  let pausedSince: number | null = null;
  let pausedUntil: number | null = null;
  const gone = new Set<string>();
  let goneSince: number | null = null;
  const end = until.getTime();
  for (const row of rows) {
    const at = new Date(row.at).getTime();
    const after = (row.after ?? {}) as { paused?: boolean; pausedUntil?: string | null };
    if (typeof after.paused === "boolean") {
      if (pausedSince !== null)
        paused.push({ from: pausedSince, to: Math.min(at, pausedUntil ?? at) });
      pausedSince = after.paused ? at : null;
      pausedUntil = after.paused && after.pausedUntil ? Date.parse(after.pausedUntil) : null;
    }
    if (row.action === "sold out" || row.action === "back on") {
      const was = gone.size;
      if (row.action === "sold out") gone.add(row.target);
      else gone.delete(row.target);
      if (was === 0 && gone.size > 0) goneSince = at;
      if (was > 0 && gone.size === 0 && goneSince !== null) {
        soldOut.push({ from: goneSince, to: at });
        goneSince = null;
      }
    }
  }
  if (pausedSince !== null)
    paused.push({ from: pausedSince, to: Math.min(end, pausedUntil ?? end) });
  if (goneSince !== null) soldOut.push({ from: goneSince, to: end });
  return {
    paused: clippedMinutes(paused, start, until),
    soldOut: clippedMinutes(soldOut, start, until),
  };
}
