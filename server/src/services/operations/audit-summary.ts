/**
 * The one line the staff screen's "Latest changes" shows per change: what changed, before → after, in words. Written
 * with the change (the writer knows what it did; a park:import's file name is nowhere else), beside the full
 * before/after JSON the record keeps.
 */
import { parkMoment } from "@contract/park-clock";
import type { TrailerImportChange } from "./park-import.js";

/** A trailer's operational state as the audit records it (park-operations.ts `vendorState`). */
export interface TrailerState {
  tradingStatus: "open" | "closed";
  paused: boolean;
  pausedUntil: string | null;
  openingHours: unknown;
  preparationTime: { min: number; max: number };
  slotCap: number | null;
  pauseWhenFull: boolean;
  /**
   * Opened outside its hours until then (ISO). Absent in rows written before migration 014: audit rows are history
   * and never rewritten, so the optional field goes when no row from before 014 is kept.
   */
  hoursOverriddenUntil?: string | null;
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const DAY_LABEL: Record<(typeof DAYS)[number], string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/** "Mon–Fri 11:00–21:00, Sat 12:00–22:00, Sun closed"; "none" without hours. Runs of equal days are joined. */
export function hoursText(hours: unknown): string {
  if (!hours || typeof hours !== "object") return "none";
  const byDay = hours as Record<string, { open: string; close: string } | null | undefined>;
  const dayText = (day: (typeof DAYS)[number]) => {
    const entry = byDay[day];
    return entry ? `${entry.open}–${entry.close}` : "closed";
  };
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of DAYS) {
    const text = dayText(day);
    const last = runs.at(-1);
    if (last && last.text === text) last.to = DAY_LABEL[day];
    else runs.push({ from: DAY_LABEL[day], to: DAY_LABEL[day], text });
  }
  return runs
    .map((run) => `${run.from === run.to ? run.from : `${run.from}–${run.to}`} ${run.text}`)
    .join(", ");
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function tradingText(state: TrailerState, changedAt: Date): string {
  if (state.tradingStatus === "closed") return "closed";
  if (!state.paused)
    return state.hoursOverriddenUntil
      ? `open outside its hours until ${parkMoment(state.hoursOverriddenUntil, changedAt)}`
      : "open";
  return state.pausedUntil ? `busy until ${parkMoment(state.pausedUntil, changedAt)}` : "busy";
}

const minutesText = ({ min, max }: TrailerState["preparationTime"]) => `${min}–${max} min`;
const slotCapText = (cap: number | null) => (cap === null ? "no cap" : `${cap} per 15 min`);
const onOff = (value: boolean) => (value ? "on" : "off");

/** "Status open → busy until 12:45; preparation time 10–20 min → 15–25 min", as written at `changedAt`. */
export function trailerUpdateSummary(
  before: TrailerState,
  after: TrailerState,
  changedAt: Date = new Date(),
): string {
  const parts: string[] = [];
  const was = tradingText(before, changedAt);
  const now = tradingText(after, changedAt);
  if (was !== now) parts.push(`Status ${was} → ${now}`);
  if (JSON.stringify(before.openingHours) !== JSON.stringify(after.openingHours))
    parts.push(
      `Opening hours ${hoursText(before.openingHours)} → ${hoursText(after.openingHours)}`,
    );
  if (minutesText(before.preparationTime) !== minutesText(after.preparationTime))
    parts.push(
      `Preparation time ${minutesText(before.preparationTime)} → ${minutesText(after.preparationTime)}`,
    );
  if (before.slotCap !== after.slotCap)
    parts.push(`Orders per slot ${slotCapText(before.slotCap)} → ${slotCapText(after.slotCap)}`);
  if (before.pauseWhenFull !== after.pauseWhenFull)
    parts.push(`Pause when full ${onOff(before.pauseWhenFull)} → ${onOff(after.pauseWhenFull)}`);
  return parts.length ? parts.join("; ") : "Saved without changes";
}

/** "Margherita sold out" / "Pesto (Margherita) back on". */
export const soldOutSummary = (target: string, soldOut: boolean): string =>
  `${target} ${soldOut ? "sold out" : "back on"}`;

/** What an import did to one trailer's items, counted from its before → after. */
export function importCounts(change: TrailerImportChange) {
  const before = (change.before.items ?? {}) as Record<string, unknown>;
  const after = (change.after.items ?? {}) as Record<string, unknown>;
  const kept = new Set(change.kept);
  const counts = { added: 0, changed: 0, removed: 0, kept: 0 };
  for (const name of Object.keys(after)) {
    if (kept.has(name)) counts.kept += 1;
    else if (before[name] === null || before[name] === undefined) counts.added += 1;
    else if (after[name] === null) counts.removed += 1;
    else counts.changed += 1;
  }
  return counts;
}

/**
 * "Menu imported from park.json: 3 items added, 2 changed, 1 removed, 1 kept sold out (ordered before); phone
 * changed", or for a trailer the file adds "Trailer added from park.json with 12 items".
 */
export function importSummary(change: TrailerImportChange, source: string): string {
  const counts = importCounts(change);
  if (change.created)
    return `Trailer added from ${source} with ${counts.added} ${plural(counts.added, "item", "items")}`;
  const counted = (
    [
      [counts.added, "added"],
      [counts.changed, "changed"],
      [counts.removed, "removed"],
      [counts.kept, "kept sold out (ordered before)"],
    ] as const
  ).filter(([count]) => count > 0);
  // "3 items added, 2 changed": the noun once, on the first count.
  const items = counted
    .map(([count, what], index) =>
      index === 0 ? `${count} ${plural(count, "item", "items")} ${what}` : `${count} ${what}`,
    )
    .join(", ");
  const details = Object.keys(change.after).filter((field) => field !== "items");
  const parts = [items, details.length ? `${details.join(", ")} changed` : ""].filter(Boolean);
  return `Menu imported from ${source}: ${parts.join("; ")}`;
}
