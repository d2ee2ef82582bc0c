/**
 * One basket, one moment: when a basket spans several trailers, each trailer's order gets a start time so every
 * part is due together. The slowest trailer (the longest preparation time, its kitchen's queue and a full slot's
 * shift included) sets the ready time; quicker ones start later, by as much less as their own queue will hold the
 * part once it is released. The server sets each order's window and start time with this at placement, feeding it
 * each trailer's open tickets from the database; the rush simulation (scripts/bench/rush.mjs) runs the same
 * functions on its own kitchens.
 */
import { type PreparationRange, preparationRange } from "./estimated-time";

const MINUTE_MS = 60_000;

/**
 * Orders one trailer makes at the same time (its cooks and stations). Trailers do not tell us; four is the
 * assumption both the server and the rush simulation make (docs/performance.md: how the result moves when it is
 * three or five).
 */
export const ORDERS_AT_ONCE = 4;

/** One open ticket of a trailer, as the kitchen queue sees it. */
export interface OpenTicket {
  /** confirmed: waiting for a cook (not before `startAt`); preparing: a cook has it since `startedAt`. */
  status: "confirmed" | "preparing";
  /** confirmed: its start time (null: at once). */
  startAt?: Date | null | undefined;
  /** preparing: when it went into preparation (null: unknown, taken as now). */
  startedAt?: Date | null | undefined;
  /** The time promised to its customer: the kitchen screen takes tickets in this order. */
  promisedAt: Date;
}

/** What a trailer's kitchen has on when a basket is placed. */
export interface TrailerLoad {
  openTickets: readonly OpenTicket[];
  /** Orders it makes at once (default ORDERS_AT_ONCE). */
  ordersAtOnce?: number | undefined;
}

export interface BasketPart {
  vendorId: number;
  /** The trailer's own preparation range (minutes), without a slot shift. */
  preparationTime: Partial<PreparationRange> | null | undefined;
  /** Minutes a full 15-minute slot moves this trailer's part (slotShiftMinutes); 0 or absent: none. */
  slotShiftMinutes?: number | undefined;
  /** The trailer's open tickets at placement (absent: an empty kitchen). Only read for a basket of several. */
  load?: TrailerLoad | undefined;
}

export interface PartSchedule {
  vendorId: number;
  /** When this trailer should start: now for the slowest part, later for quicker ones. */
  startAt: Date;
  /** Minutes after placement the trailer should wait before starting (0: start at once). */
  delayMinutes: number;
  /** Whole minutes this part is expected to wait in its trailer's queue once released (queueWaitMinutes). */
  queueMinutes: number;
  /** The basket's window, the same for every part: the early end… */
  readyFrom: Date;
  /** …and the late end, which is the time promised to the customer (estimatedDeliveryTime). */
  readyAt: Date;
  /** The same window in minutes after placement. */
  readyFromMinutes: number;
  readyInMinutes: number;
}

const middleOf = (range: PreparationRange) => (range.min + range.max) / 2;

/** A ticket a kitchen may start, as the order of work sees it. */
export interface QueuedTicket {
  /** Its start time (ms) when it was held back to be ready with its basket's other parts; null: never held back. */
  startAt: number | null;
  /** The time promised to its customer (ms). */
  promisedAt: number;
}

/**
 * The order a kitchen takes the tickets whose start time has come: a basket's held-back part first, soonest start
 * first (it was timed to its basket's other parts: every minute it waits now is a minute they stand apart), then
 * the rest by the time promised to their customers. The kitchen screen says it on the card ("Start now", its New
 * lane staying in promised order); the queue estimate below and the rush simulation's cooks follow it.
 */
export function kitchenOrder(a: QueuedTicket, b: QueuedTicket): number {
  if ((a.startAt === null) !== (b.startAt === null)) return a.startAt === null ? 1 : -1;
  if (a.startAt !== null && b.startAt !== null && a.startAt !== b.startAt)
    return a.startAt - b.startAt;
  return a.promisedAt - b.promisedAt;
}

/**
 * Keep a cook free: a held-back part due to start before a ticket started now would likely be done (the middle of
 * the trailer's range) should find a cook free at its start time, or it waits and its basket's parts come apart.
 * True when a free cook should not start an ordinary ticket now: some part starts within that time, and fewer of
 * the other cooks are free by the first such start than there are parts due. The kitchen screen marks such parts
 * "Keep a cook free"; the rush simulation's cooks follow it.
 */
export function keepCookFree(
  now: number,
  range: PreparationRange,
  heldBackStarts: readonly number[],
  otherCooksFreeAt: readonly number[],
): boolean {
  const horizon = now + middleOf(range) * MINUTE_MS;
  const due = heldBackStarts.filter((start) => start > now && start <= horizon);
  if (due.length === 0) return false;
  const first = Math.min(...due);
  return otherCooksFreeAt.filter((freeAt) => freeAt <= first).length < due.length;
}

/** A held-back part whose start is near enough for the kitchen to keep a cook free for it. */
export const startsSoon = (startAt: number, now: number, range: PreparationRange): boolean =>
  startAt > now && startAt <= now + middleOf(range) * MINUTE_MS;

/**
 * Minutes a ticket released to the kitchen `releaseInMinutes` after `now` and promised `promisedInMinutes` after it
 * waits there for a cook. The trailer's kitchen is played forward the way its screen is worked: each preparing
 * ticket ends about the middle of the trailer's range after it started; whenever a cook is free they take the
 * first ticket whose start time has come in the kitchen's order (kitchenOrder): the open confirmed ones and the new
 * ticket (held back when released later than now). Orders placed
 * later are not known: this is the wait the trailer's present load makes. An empty kitchen: 0.
 */
export function queueWaitMinutes(
  load: TrailerLoad | null | undefined,
  range: PreparationRange,
  now: Date,
  releaseInMinutes = 0,
  promisedInMinutes = releaseInMinutes + range.max,
): number {
  if (!load || load.openTickets.length === 0) return 0;
  const cooks = Math.max(1, Math.floor(load.ordersAtOnce ?? ORDERS_AT_ONCE));
  const nowMs = now.getTime();
  const releaseMs = nowMs + Math.max(0, releaseInMinutes) * MINUTE_MS;
  const cookMs = middleOf(range) * MINUTE_MS;
  const freeAt: number[] = Array(cooks).fill(nowMs);
  const earliestCook = () => freeAt.indexOf(Math.min(...freeAt));
  for (const ticket of load.openTickets)
    if (ticket.status === "preparing") {
      const cook = earliestCook();
      const left = Math.max(0, (ticket.startedAt?.getTime() ?? nowMs) + cookMs - nowMs);
      freeAt[cook] = freeAt[cook]! + left;
    }
  const waiting = load.openTickets
    .filter((ticket) => ticket.status === "confirmed")
    .map((ticket) => ({
      from: Math.max(nowMs, ticket.startAt?.getTime() ?? nowMs),
      startAt: ticket.startAt?.getTime() ?? null,
      promisedAt: ticket.promisedAt.getTime(),
    }));
  const own = {
    from: releaseMs,
    startAt: releaseInMinutes > 0 ? releaseMs : null,
    promisedAt: nowMs + promisedInMinutes * MINUTE_MS,
  };
  waiting.push(own);
  for (;;) {
    const cook = earliestCook();
    const free = freeAt[cook]!;
    let next: (typeof waiting)[number] | undefined;
    for (const ticket of waiting)
      if (ticket.from <= free && (!next || kitchenOrder(ticket, next) < 0)) next = ticket;
    if (next === own) return (free - releaseMs) / MINUTE_MS;
    if (next) {
      waiting.splice(waiting.indexOf(next), 1);
      freeAt[cook] = free + cookMs;
    } else {
      // Nothing to make yet: this cook is idle until the next ticket comes.
      freeAt[cook] = Math.min(...waiting.map((ticket) => ticket.from));
    }
  }
}

/** One part: its range, a full slot's shift, and its queue as a function of when it is released. */
interface PlannedPart {
  range: PreparationRange;
  shift: number;
  /** Its queue when released at a minute, promised at another. */
  queueAt: (releaseInMinutes: number, promisedInMinutes?: number) => number;
}

/**
 * The minutes after placement a part released at `release` is likely cooked by: its queue (behind what is
 * promised before `promised`) and the middle of its range.
 */
const likelyDone = (part: PlannedPart, release: number, promised?: number) =>
  release + part.queueAt(release, promised) + middleOf(part.range);

/**
 * The latest whole minute (not before the part's shift) to release a part so it is likely done by `aim`. A later
 * release never starts the part earlier (release + wait only grows), so this halves the range until it finds it.
 */
function latestRelease(part: PlannedPart, aim: number, promised: number): number {
  const makesIt = (release: number) => likelyDone(part, release, promised) <= aim + 0.5;
  let low = Math.ceil(part.shift);
  let high = Math.max(low, Math.round(aim - middleOf(part.range)));
  if (makesIt(high)) return high;
  // low is the answer when even it does not make it (the part goes at once, late as it is).
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (makesIt(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * Start times and the shared window for a basket placed at `now`. A part's likely moment is its release (not
 * before its slot shift) + its wait in its trailer's queue (queueWaitMinutes) + the middle of its range; the
 * slowest part, released at once (or at its shift), sets the basket's aim. Each other part is released as late
 * as still makes the aim given the queue it will meet there. The promise is the latest release + queue + longest time; the window opens
 * once every part could be ready (release + queue + shortest time); whole minutes. One part alone: its queue is
 * not read, so without a shift it starts now with the window now + its range (the spec's rule as before); with a
 * shift: the same window moved by it, and a start time to match.
 */
export function basketSchedule(parts: readonly BasketPart[], now: Date): PartSchedule[] {
  if (parts.length === 0) return [];
  const planned: PlannedPart[] = parts.map((part) => {
    const range = preparationRange(part.preparationTime);
    return {
      range,
      shift: Math.max(0, part.slotShiftMinutes ?? 0),
      queueAt: (release, promised) =>
        parts.length > 1 ? queueWaitMinutes(part.load, range, now, release, promised) : 0,
    };
  });
  // Every part aims at the slowest part's likely moment (the middle of its range), so the parts' own spreads
  // cancel rather than add up.
  const aim = Math.max(...planned.map((part) => likelyDone(part, part.shift)));
  const promised = aim + Math.max(...planned.map((part) => part.range.max - middleOf(part.range)));
  // The part that sets the moment goes to its kitchen at once (or at its shift); the others as late as makes it.
  const delays = planned.map((part) =>
    likelyDone(part, part.shift) >= aim
      ? Math.ceil(part.shift)
      : latestRelease(part, aim, promised),
  );
  const queues = planned.map((part, index) => Math.round(part.queueAt(delays[index]!, promised)));
  const doneBy = (bound: (range: PreparationRange) => number) =>
    Math.max(...planned.map((part, index) => delays[index]! + queues[index]! + bound(part.range)));
  const readyInMinutes = Math.ceil(doneBy((range) => range.max));
  const readyFromMinutes = Math.min(Math.ceil(doneBy((range) => range.min)), readyInMinutes);
  const readyAt = new Date(now.getTime() + readyInMinutes * MINUTE_MS);
  const readyFrom = new Date(now.getTime() + readyFromMinutes * MINUTE_MS);
  return parts.map((part, index) => ({
    vendorId: part.vendorId,
    readyFromMinutes,
    readyInMinutes,
    delayMinutes: delays[index]!,
    queueMinutes: queues[index]!,
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
