/**
 * One basket, one moment: when a basket spans several trailers, each trailer's order gets a start time so every
 * part is due together. The slowest trailer (the longest preparation time) sets the ready time; quicker ones start
 * later. The server sets each order's window and start time with this at placement; the rush simulation
 * (scripts/bench/rush.mjs) runs the same function. Ranges already include a full slot's shift (cart-reading.ts).
 */
import { type PreparationRange, preparationRange } from "./estimated-time";

const MINUTE_MS = 60_000;

export interface BasketPart {
  vendorId: number;
  /** The trailer's preparation range now (minutes), slot shift included. */
  preparationTime: Partial<PreparationRange> | null | undefined;
}

export interface PartSchedule {
  vendorId: number;
  /** When this trailer should start: now for the slowest part, later for quicker ones. */
  startAt: Date;
  /** Minutes after placement the trailer should wait before starting (0: start at once). */
  delayMinutes: number;
  /** The basket's window, the same for every part: the early end… */
  readyFrom: Date;
  /** …and the late end, which is the time promised to the customer (estimatedDeliveryTime). */
  readyAt: Date;
  /** The same window in minutes after placement. */
  readyFromMinutes: number;
  readyInMinutes: number;
}

/**
 * Start times and the shared window for a basket placed at `now`. One part: starts now, window now + its range
 * (the spec's rule as before). Several: ready-at is now + the longest max; each part starts at ready-at minus its
 * own max; the window opens once every part could be ready (the latest of start + own min).
 */
export function basketSchedule(parts: readonly BasketPart[], now: Date): PartSchedule[] {
  if (parts.length === 0) return [];
  const ranges = parts.map((part) => preparationRange(part.preparationTime));
  const longest = Math.max(...ranges.map((range) => range.max));
  const readyAt = new Date(now.getTime() + longest * MINUTE_MS);
  const delays = ranges.map((range) => longest - range.max);
  const opensAfter = Math.max(...ranges.map((range, index) => delays[index]! + range.min));
  const readyFromMinutes = Math.min(opensAfter, longest);
  const readyFrom = new Date(now.getTime() + readyFromMinutes * MINUTE_MS);
  return parts.map((part, index) => ({
    vendorId: part.vendorId,
    readyFromMinutes,
    readyInMinutes: longest,
    delayMinutes: delays[index]!,
    startAt: new Date(now.getTime() + delays[index]! * MINUTE_MS),
    readyFrom,
    readyAt,
  }));
}

/** A start time worth showing: only when the trailer should wait (null: start at once). */
export const startAtOf = (schedule: PartSchedule): Date | null =>
  schedule.delayMinutes > 0 ? schedule.startAt : null;
