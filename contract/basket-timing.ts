/**
 * One basket, one moment: when a basket spans several trailers, each trailer's order gets a start time so every
 * part is due together. The slowest trailer (the longest preparation time, a full slot's shift included) sets the
 * ready time; quicker ones start later. A trailer whose slot is full starts its part that much later too (the cap
 * said its kitchen is busy until then). The server sets each order's window and start time with this at placement;
 * the rush simulation (scripts/bench/rush.mjs) runs the same functions.
 */
import { type PreparationRange, preparationRange } from "./estimated-time";

const MINUTE_MS = 60_000;

export interface BasketPart {
  vendorId: number;
  /** The trailer's own preparation range (minutes), without a slot shift. */
  preparationTime: Partial<PreparationRange> | null | undefined;
  /** Minutes a full 15-minute slot moves this trailer's part (slotShiftMinutes); 0 or absent: none. */
  slotShiftMinutes?: number | undefined;
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
 * Start times and the shared window for a basket placed at `now`. Each part is due at the latest of (shift + own
 * max): that is the ready time; each part starts at the ready time minus its own max; the window opens once every
 * part could be ready (the latest of start + own min). One part without a shift: starts now, window now + its
 * range, the spec's rule as before; with a shift: the same window moved by it, and a start time to match.
 */
export function basketSchedule(parts: readonly BasketPart[], now: Date): PartSchedule[] {
  if (parts.length === 0) return [];
  const ranges = parts.map((part) => preparationRange(part.preparationTime));
  const shifts = parts.map((part) => Math.max(0, part.slotShiftMinutes ?? 0));
  // Every part aims at the slowest part's likely moment (the middle of its range), so the parts' own spreads
  // cancel rather than add up; whole minutes, as the screens show them.
  const middle = (range: PreparationRange) => (range.min + range.max) / 2;
  const aim = Math.max(...ranges.map((range, index) => shifts[index]! + middle(range)));
  const delays = ranges.map((range) => Math.max(0, Math.round(aim - middle(range))));
  const readyInMinutes = Math.max(...ranges.map((range, index) => delays[index]! + range.max));
  const opensAfter = Math.max(...ranges.map((range, index) => delays[index]! + range.min));
  const readyFromMinutes = Math.min(opensAfter, readyInMinutes);
  const readyAt = new Date(now.getTime() + readyInMinutes * MINUTE_MS);
  const readyFrom = new Date(now.getTime() + readyFromMinutes * MINUTE_MS);
  return parts.map((part, index) => ({
    vendorId: part.vendorId,
    readyFromMinutes,
    readyInMinutes,
    delayMinutes: delays[index]!,
    startAt: new Date(now.getTime() + delays[index]! * MINUTE_MS),
    readyFrom,
    readyAt,
  }));
}

/** A start time worth showing: only when the trailer should wait (null: start at once). */
export const startAtOf = (schedule: PartSchedule): Date | null =>
  schedule.delayMinutes > 0 ? schedule.startAt : null;

/** Slots are this long (contract/park-operations.ts SLOT_MINUTES). */
const SLOT_MS = 15 * MINUTE_MS;
/** A full day of slots at most: beyond it the cap is not looked at. */
const SLOT_LOOKAHEAD = 96;

/** The 15-minute slot an instant falls in (the number the cap counts orders by). */
export const slotOf = (atMs: number): number => Math.floor(atMs / SLOT_MS);

/**
 * Orders per 15-minute slot: how many minutes later than its preparation time an order placed at `nowMs` would be
 * ready, so that it lands in the first slot (from now + max) still under `cap`; `full` when that first slot is.
 * `ordersInSlot` answers how many orders are already due in a slot. The server counts them in the database
 * (services/cart/cart-reading.ts); the rush simulation counts its own.
 */
export function slotShiftMinutes(
  ordersInSlot: (slot: number) => number,
  cap: number,
  preparationMax: number,
  nowMs: number,
): { minutes: number; full: boolean } {
  const first = slotOf(nowMs + preparationMax * MINUTE_MS);
  let slot = first;
  while (ordersInSlot(slot) >= cap && slot - first < SLOT_LOOKAHEAD) slot += 1;
  return { minutes: ((slot - first) * SLOT_MS) / MINUTE_MS, full: slot !== first };
}
