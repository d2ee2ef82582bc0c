/**
 * The park's data format: what the demo park's files hold (server/src/db/demo-park/) and what
 * `npm run park:import -- park.json` applies. A park file is `{ "trailers": [trailer, ...] }`, each trailer
 * exactly one demo trailer file. Prices are integer pence; allergens are the 14 UK-declarable ids of
 * `contract/allergens.ts`. Names are what an import matches on: a trailer by `slug`, an item by its name within
 * the trailer, an add-on group by its name within the item, an add-on by its name within the group.
 */
import * as z from "zod/mini";
import { ALLERGENS } from "./allergens";
import { businessDetailsSchema, payoutAccountSchema, vatRateSchema } from "./business";

const allergenIds = ALLERGENS.map((allergen) => allergen.id) as [string, ...string[]];
const allergenId = z.enum(allergenIds, {
  error: `must be one of the 14 allergen ids (${allergenIds.join(", ")})`,
});
const PENCE = "must be a whole number of pence ≥ 0";
const pence = z
  .number({ error: PENCE })
  .check(z.refine((value) => Number.isInteger(value) && value >= 0, { error: PENCE }));
const count = (min: number) => {
  const message = `must be a whole number ≥ ${min}`;
  return z
    .number({ error: message })
    .check(z.refine((value) => Number.isInteger(value) && value >= min, { error: message }));
};
const text = z.string({ error: "must be text" });
const name = z
  .string({ error: "must be text" })
  .check(z.trim(), z.minLength(1, "must not be empty"));

/** Each name once in a list (an import matches by name). */
function uniqueNames<T>(key: (entry: T) => string, what: string) {
  return z.superRefine<T[]>((list, context) => {
    const seen = new Set<string>();
    for (const [index, entry] of list.entries()) {
      const value = key(entry).trim().toLowerCase();
      if (seen.has(value))
        context.issues.push({
          code: "custom",
          input: entry,
          path: [index],
          message: `${what} "${key(entry)}" appears twice`,
        });
      seen.add(value);
    }
  });
}

export const parkAddonSchema = z.strictObject({
  name,
  description: z.optional(text),
  pricePence: pence,
  isDefault: z.optional(z.boolean({ error: "must be true or false" })),
  allergens: z.optional(z.array(allergenId)),
  /** Per cent VAT, 20 or 0; 20 (the standard rate) when left out. */
  vatRate: z.optional(vatRateSchema),
});

export const parkAddonGroupSchema = z.strictObject({
  name,
  minQuantity: count(0),
  maxQuantity: count(1),
  isRequired: z.boolean({ error: "must be true or false" }),
  addons: z.array(parkAddonSchema).check(uniqueNames((addon) => addon.name, "add-on")),
});

export const parkItemSchema = z.strictObject({
  name,
  description: text,
  pricePence: pence,
  image: text,
  allergens: z.array(allergenId),
  /** Per cent VAT, 20 or 0; 20 (the standard rate) when left out. */
  vatRate: z.optional(vatRateSchema),
  badges: z.optional(
    z.array(
      z.enum(["best_seller", "most_favourite"], {
        error: "must be best_seller or most_favourite",
      }),
    ),
  ),
  addonGroups: z.optional(
    z.array(parkAddonGroupSchema).check(uniqueNames((group) => group.name, "add-on group")),
  ),
});

export const parkTrailerSchema = z.strictObject({
  slug: z
    .string({ error: "must be text" })
    .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by '-'")),
  name,
  description: text,
  logo: text,
  image: text,
  status: z.enum(["open", "closed"], { error: "must be open or closed" }),
  rating: z
    .number({ error: "must be a number from 0 to 5" })
    .check(z.refine((value) => value >= 0 && value <= 5, "must be a number from 0 to 5")),
  preparationTimeMin: count(1),
  preparationTimeMax: count(1),
  priceCategory: z.enum(["under_10", "10_to_20", "over_20"], {
    error: "must be under_10, 10_to_20 or over_20",
  }),
  phone: text,
  email: text,
  /** The business behind the trailer (legal name, address, VAT number): what its receipts name. */
  business: z.optional(businessDetailsSchema),
  /** The Stripe connected account its share of card payments goes to (null: held by the park, shown as owed). */
  payoutAccount: z.optional(payoutAccountSchema),
  categories: z.array(z.strictObject({ name, items: z.array(parkItemSchema) })).check(
    z.superRefine((categories, context) => {
      const seen = new Set<string>();
      for (const [categoryIndex, category] of categories.entries())
        for (const [itemIndex, item] of category.items.entries()) {
          const key = item.name.trim().toLowerCase();
          if (seen.has(key))
            context.issues.push({
              code: "custom",
              input: item,
              path: [categoryIndex, "items", itemIndex, "name"],
              message: `item "${item.name}" appears twice in this trailer`,
            });
          seen.add(key);
        }
    }),
  ),
});

/** A whole park file: the trailers it changes (trailers it does not name are left as they are). */
export const parkFileSchema = z.strictObject({
  trailers: z
    .array(parkTrailerSchema)
    .check(uniqueNames((trailer) => trailer.slug, "trailer slug")),
});

export type ParkAddon = z.infer<typeof parkAddonSchema>;
export type ParkAddonGroup = z.infer<typeof parkAddonGroupSchema>;
export type ParkItem = z.infer<typeof parkItemSchema>;
export type ParkTrailer = z.infer<typeof parkTrailerSchema>;
export type ParkFile = z.infer<typeof parkFileSchema>;
