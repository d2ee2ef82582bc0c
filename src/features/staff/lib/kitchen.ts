import { DEFAULT_PREPARATION, type PreparationRange } from "@contract/estimated-time";
import {
  defaultLateThresholds,
  type KitchenTicket,
  type KitchenTrailer,
  type Lateness,
  ticketLateness,
} from "@contract/kitchen";
import { nextForwardStatus } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";

/**
 * The kitchen's reading of a ticket (contract/kitchen.ts): its lane, its age against the trailer's thresholds, the
 * words on its one-tap button and what the open tickets still need. Pure functions of tickets and the clock.
 */
export type Ticket = KitchenTicket;

export type Lane = "later" | "new" | "preparing" | "ready";

export const LANES: readonly { id: Lane; title: string }[] = [
  { id: "new", title: "New" },
  { id: "preparing", title: "Preparing" },
  { id: "ready", title: "Ready" },
  { id: "later", title: "Later" },
];

const MINUTE_MS = 60_000;

/** On a held-back part once its start time has come (New lane). */
export const START_NOW_TEXT = "Start now: timed with its basket";

/**
 * A basket's held-back part whose start time has come: the cook makes it first (contract/basket-timing.ts
 * kitchenOrder), so its card says "Start now" while the lane stays in promised order.
 */
export const startsNow = (ticket: Pick<Ticket, "status" | "startAt">, now: number): boolean =>
  ticket.status === "confirmed" && ticket.startAt !== null && Date.parse(ticket.startAt) <= now;

/** The lane a ticket sits in at `now`, or null once it has left the board (finished or cancelled). */
export function laneOf(ticket: Pick<Ticket, "status" | "startAt">, now: number): Lane | null {
  switch (ticket.status) {
    case "pending":
    case "pending_payment":
      return "new";
    case "confirmed":
      return ticket.startAt && Date.parse(ticket.startAt) > now ? "later" : "new";
    case "preparing":
      return "preparing";
    case "ready":
      return "ready";
    default:
      return null;
  }
}

/** The time promised to the customer; a ticket without one is due its default window after it was placed. */
export function promisedAt(ticket: Pick<Ticket, "promisedAt" | "createdAt">): number {
  if (ticket.promisedAt) return Date.parse(ticket.promisedAt);
  return Date.parse(ticket.createdAt) + DEFAULT_PREPARATION.max * MINUTE_MS;
}

const byPromise = (a: Ticket, b: Ticket) => promisedAt(a) - promisedAt(b) || a.orderId - b.orderId;

export type Lanes = Record<Lane, Ticket[]>;

/** The open tickets in their lanes, each lane by promised time (soonest first); Later by start time. */
export function laneTickets(tickets: readonly Ticket[], now: number): Lanes {
  const lanes: Lanes = { later: [], new: [], preparing: [], ready: [] };
  for (const ticket of tickets) {
    const lane = laneOf(ticket, now);
    if (lane) lanes[lane].push(ticket);
  }
  for (const lane of Object.values(lanes)) lane.sort(byPromise);
  lanes.later.sort(
    (a, b) =>
      Date.parse(a.startAt ?? a.createdAt) - Date.parse(b.startAt ?? b.createdAt) ||
      byPromise(a, b),
  );
  return lanes;
}

/** The next instant a ticket moves from Later to New by itself (null: none waiting). */
export function nextLaneChange(tickets: readonly Ticket[], now: number): number | null {
  let next: number | null = null;
  for (const ticket of tickets) {
    if (laneOf(ticket, now) !== "later") continue;
    const start = Date.parse(ticket.startAt!);
    if (next === null || start < next) next = start;
  }
  return next;
}

export interface AgeThresholds {
  lateAfterMinutes: number;
  veryLateAfterMinutes: number;
}

/** What a ticket's card reads of its trailer: the age thresholds and the preparation range. */
export interface TrailerTiming extends AgeThresholds {
  preparationTime: PreparationRange;
}

/** A trailer's thresholds and range; unknown trailer: the defaults from the spec's 10-15 minutes. */
export function thresholdsOf(trailer: KitchenTrailer | undefined): TrailerTiming {
  if (trailer) return trailer;
  return {
    ...defaultLateThresholds(DEFAULT_PREPARATION.max),
    preparationTime: DEFAULT_PREPARATION,
  };
}

export type AgeTone = Lateness;

/** On time, late at the trailer's late threshold, very late at the very-late one (contract/kitchen.ts). */
export const ageTone = (ageMs: number, thresholds: AgeThresholds): AgeTone =>
  ticketLateness(ageMs, thresholds);

export const AGE_TONE_LABEL: Record<AgeTone, string> = {
  on_time: "on time",
  late: "late",
  very_late: "very late",
};

/** '04:07'; past an hour '1:04:07'. Never negative (a ticket not started yet reads 00:00). */
export function formatAge(ageMs: number): string {
  const total = Math.max(0, Math.floor(ageMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The one-tap step from a ticket's status: where it goes and what the button says. */
export interface Step {
  to: OrderStatus;
  label: string;
}

export function stepOf(ticket: Pick<Ticket, "status" | "orderType">): Step | null {
  const to = nextForwardStatus(ticket.status, ticket.orderType);
  if (!to) return null;
  const car = ticket.orderType === "delivery";
  switch (ticket.status) {
    case "pending":
      return { to, label: "Accept" };
    case "pending_payment":
      return { to, label: "Cash taken" };
    case "confirmed":
      return { to, label: "Start" };
    case "preparing":
      return { to, label: car ? "Out to car" : "Ready" };
    case "ready":
      return { to, label: car ? "Delivered" : "Collected" };
    default:
      return null;
  }
}

/** What the Undo bar says happened: '#12 ready'. */
export function stepDoneText(
  orderNumber: number,
  status: OrderStatus,
  orderType: Ticket["orderType"],
): string {
  const car = orderType === "delivery";
  const words: Partial<Record<OrderStatus, string>> = {
    confirmed: "cash taken",
    preparing: "started",
    ready: car ? "out to car" : "ready",
    completed: "collected",
    delivered: "delivered",
  };
  return `#${orderNumber} ${words[status] ?? status}`;
}

export interface AllDayCount {
  key: string;
  name: string;
  quantity: number;
  /** Add-ons that change what is cooked, with how many of this dish carry them. */
  mods: { name: string; quantity: number }[];
}

const STILL_TO_MAKE: readonly OrderStatus[] = [
  "pending",
  "pending_payment",
  "confirmed",
  "preparing",
];

/**
 * What the open tickets still need, summed: '4 × Margherita', each with the add-ons that change it ('2 Nduja').
 * Only tickets not yet made (new, later, preparing), and not the lines already struck off.
 */
export function allDayCounts(tickets: readonly Ticket[]): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const ticket of tickets) {
    if (!STILL_TO_MAKE.includes(ticket.status)) continue;
    for (const line of ticket.lines) {
      if (line.made) continue;
      const key = `${ticket.vendorId}:${line.name}`;
      const entry = counts.get(key) ?? { key, name: line.name, quantity: 0, mods: [] };
      entry.quantity += line.quantity;
      for (const addon of line.addons) {
        const quantity = line.quantity * Math.max(1, addon.quantity);
        const mod = entry.mods.find((candidate) => candidate.name === addon.name);
        if (mod) mod.quantity += quantity;
        else entry.mods.push({ name: addon.name, quantity });
      }
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort(
    (a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, "en-GB"),
  );
}

/** '4 × Margherita (Nduja ×2)': one all-day row as text. */
export const allDayText = (count: AllDayCount) =>
  `${count.quantity} × ${count.name}${
    count.mods.length
      ? ` (${count.mods.map((mod) => `${mod.name} ×${mod.quantity}`).join(", ")})`
      : ""
  }`;

/** Orders matching a typed number: '12' finds #12 and #112 (an exact match first). */
export function findByNumber(tickets: readonly Ticket[], query: string): Ticket[] {
  const digits = query.replace(/\D/g, "");
  if (!digits) return [];
  return tickets
    .filter((ticket) => String(ticket.orderNumber).includes(digits))
    .sort(
      (a, b) =>
        Number(String(b.orderNumber) === digits) - Number(String(a.orderNumber) === digits) ||
        b.orderNumber - a.orderNumber,
    );
}

/** Tickets waiting for someone to notice them (new or later, not acknowledged on this tablet), by number. */
export function ringingTickets(
  tickets: readonly Ticket[],
  acknowledged: ReadonlySet<number>,
): Ticket[] {
  return tickets
    .filter(
      (ticket) =>
        (ticket.status === "pending_payment" ||
          ticket.status === "confirmed" ||
          ticket.status === "pending") &&
        !acknowledged.has(ticket.orderId),
    )
    .sort((a, b) => a.orderNumber - b.orderNumber);
}

/** The undo the server still allows for this ticket (its own clock, corrected by the tablet's offset). */
export function undoOpen(ticket: Ticket, now: number, serverOffsetMs = 0): boolean {
  return !!ticket.undo && Date.parse(ticket.undo.until) - serverOffsetMs > now;
}
