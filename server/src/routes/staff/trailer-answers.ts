import { vatRateSchema } from "@contract/business";
import { openingHoursSchema } from "@contract/park-operations";
import * as z from "zod/mini";

// The Trailers view's answers, for the document (contract/park-operations.ts has them as TypeScript types).

const trailerBusinessSchema = z.object({
  legalName: z.nullable(z.string()),
  address: z.array(z.string()),
  postcode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  payoutAccount: z.nullable(z.string()),
});

export const vatRateAnswerSchema = z.object({ id: z.number(), vatRate: vatRateSchema });

export const staffTrailerSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  tradingStatus: z.enum(["open", "closed"]),
  paused: z.boolean(),
  pausedUntil: z.nullable(z.string()),
  hoursOverriddenUntil: z.nullable(z.string()),
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  openingHours: openingHoursSchema,
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  slotCap: z.nullable(z.number()),
  pauseWhenFull: z.boolean(),
  business: trailerBusinessSchema,
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      category: z.string(),
      soldOut: z.boolean(),
      vatRate: vatRateSchema,
      addonGroups: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          addons: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              soldOut: z.boolean(),
              vatRate: vatRateSchema,
            }),
          ),
        }),
      ),
    }),
  ),
});

export const soldOutAnswerSchema = z.object({ id: z.number(), soldOut: z.boolean() });

export const auditResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      who: z.string(),
      vendorId: z.nullable(z.number()),
      vendorName: z.nullable(z.string()),
      action: z.string(),
      target: z.string(),
      summary: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
