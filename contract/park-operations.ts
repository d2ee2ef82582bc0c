/**
 * Park operations on the staff board's Trailers view: open, pause or close a trailer, its opening hours,
 * preparation time, orders per 15-minute slot, sold-out items and add-ons, and the record of every change.
 */
import * as z from "zod/mini";
import type { TrailerBusiness, VatRate } from "./business";
import { boundedInt } from "./common";

export const PAUSE_MINUTES = [15, 30, 45, 60] as const;
/** The record lists this many latest changes. */
export const AUDIT_LIST_SIZE = 50;
/** Orders per 15-minute slot: off (null) or 1 to this. */
export const SLOT_CAP_MAX = 500;
export const SLOT_MINUTES = 15;
export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const WEEKDAY_NAMES: Record<(typeof WEEKDAY_KEYS)[number], string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

const hhmm = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Opening hours are times like 11:30 (24-hour)"));
export const dayHoursSchema = z.nullable(z.object({ open: hhmm, close: hhmm }));
/** A key other than the seven weekdays is refused, never dropped (dropping it would close that day unseen). */
export const unknownWeekdayMessage = (keys: readonly PropertyKey[]) =>
  `Opening hours have no day called ${keys.map((key) => `"${String(key)}"`).join(", ")}: use ${WEEKDAY_KEYS.join(", ")}`;
export const openingHoursSchema = z.nullable(
  z.strictObject(
    {
      mon: z.optional(dayHoursSchema),
      tue: z.optional(dayHoursSchema),
      wed: z.optional(dayHoursSchema),
      thu: z.optional(dayHoursSchema),
      fri: z.optional(dayHoursSchema),
      sat: z.optional(dayHoursSchema),
      sun: z.optional(dayHoursSchema),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? unknownWeekdayMessage(issue.keys) : undefined,
    },
  ),
);
export type OpeningHoursInput = z.infer<typeof openingHoursSchema>;

export const trailerUpdateSchema = z
  .object({
    /** open: trading (and any pause ended); paused: busy for pauseMinutes, or until reopened; closed: not trading. */
    status: z.optional(z.enum(["open", "paused", "closed"])),
    pauseMinutes: z.optional(
      z.nullable(z.literal(PAUSE_MINUTES, { error: "A pause lasts 15, 30, 45 or 60 minutes" })),
    ),
    /** A running timed pause lasts this much longer ("+15 min"); without one, a pause of 15 minutes from now. */
    extendPause: z.optional(z.literal(15, { error: "A pause is extended by 15 minutes" })),
    openingHours: z.optional(openingHoursSchema),
    preparationTime: z.optional(
      z
        .object({
          min: boundedInt("preparationTime.min", 1, 240),
          max: boundedInt("preparationTime.max", 1, 240),
        })
        .check(
          z.refine((range) => range.max >= range.min, {
            message: "The longest preparation time cannot be shorter than the shortest",
          }),
        ),
    ),
    slotCap: z.optional(z.nullable(boundedInt("slotCap", 1, SLOT_CAP_MAX))),
    pauseWhenFull: z.optional(z.boolean()),
    /** Hours that would close the trailer now are refused (409) unless this says the staff meant it. */
    confirmClose: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, { message: "Nothing to change was sent" }),
  );
export type TrailerUpdate = z.infer<typeof trailerUpdateSchema>;

export const soldOutUpdateSchema = z.object({
  soldOut: z.boolean({ error: "soldOut must be true or false" }),
});

export interface StaffAddon {
  id: number;
  name: string;
  soldOut: boolean;
  vatRate: VatRate;
}
export interface StaffItem {
  id: number;
  name: string;
  category: string;
  soldOut: boolean;
  vatRate: VatRate;
  addonGroups: { id: number; name: string; addons: StaffAddon[] }[];
}
export interface StaffTrailer {
  id: number;
  slug: string;
  name: string;
  /** The customer-facing status text: 'open', 'busy' or 'closed'. */
  status: string;
  /** Its own switch: trading or closed (before pause and hours). */
  tradingStatus: "open" | "closed";
  paused: boolean;
  /** A timed pause's end (ISO), else null. */
  pausedUntil: string | null;
  /** Opened outside its hours: it trades until then (ISO, the schedule's next change), else null. */
  hoursOverriddenUntil: string | null;
  /** Closed by its hours: when they open it (ISO). */
  opensAt: string | null;
  /** Trading with hours: when they close it (ISO). */
  closesAt: string | null;
  openingHours: OpeningHoursInput;
  preparationTime: { min: number; max: number };
  slotCap: number | null;
  pauseWhenFull: boolean;
  /** The business behind it: what its receipts name, and where its share of card payments goes. */
  business: TrailerBusiness;
  items: StaffItem[];
}
export interface StaffTrailersResponse {
  data: StaffTrailer[];
  /** True for a park manager (every trailer). */
  allTrailers: boolean;
}

export interface AuditEntry {
  id: number;
  at: string;
  who: string;
  vendorId: number | null;
  vendorName: string | null;
  action: string;
  target: string;
  /** The change in words, before → after ("Menu imported from park.json: 3 items added, 1 removed"). */
  summary: string;
  before: unknown;
  after: unknown;
}
export interface AuditResponse {
  data: AuditEntry[];
}
