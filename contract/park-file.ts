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
/**
 * Every limit of a park file, in one place (checked by `park:import` and its `--check` alike; docs/operations.md
 * lists them). Each is far above a real trailer's menu and below what would hurt the park: a menu answer, the
 * catalogue's memory, a reload's pause. Values the database itself would refuse (integers beyond 2^31, text it
 * cannot store) are refused here, so an import never fails half-way on the database.
 */
export const PARK_FILE_LIMITS = {
  /** The file's size in bytes (5 MB). */
  fileBytes: 5 * 1024 * 1024,
  /** Objects and arrays inside each other (the format itself needs 8). */
  nesting: 32,
  /** A trailer's, category's, item's, add-on group's or add-on's name. */
  nameChars: 120,
  /** A trailer's, item's or add-on's description. */
  descriptionChars: 1_000,
  /** Any other text: an image or logo address, a phone number, an email. */
  otherTextChars: 2_000,
  slugChars: 60,
  trailersPerFile: 100,
  categoriesPerTrailer: 50,
  itemsPerTrailer: 500,
  addonGroupsPerItem: 20,
  addonsPerGroup: 50,
  /** An item's or add-on's price: £1,000. */
  pricePence: 100_000,
  /** An add-on group's minimum and maximum choices. */
  choices: 50,
  /** Minutes, as the staff board allows. */
  preparationMinutes: 240,
} as const;

const LIMITS = PARK_FILE_LIMITS;
const grouped = (value: number) => value.toLocaleString("en-GB");

/** No NUL and no lone surrogate: text PostgreSQL cannot store (as UTF-8) is refused here, not by the database. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = z.refine<string>(
  (value) => !value.includes("\u0000") && !LONE_SURROGATE.test(value),
  {
    error: "must not hold a NUL character or a broken character (lone surrogate)",
  },
);
const atMost = (chars: number) =>
  z.maxLength(chars, `must be at most ${grouped(chars)} characters`);

const PENCE = `must be a whole number of pence from 0 to ${grouped(LIMITS.pricePence)} (£${grouped(LIMITS.pricePence / 100)})`;
const pence = z.number({ error: PENCE }).check(
  z.refine((value) => Number.isInteger(value) && value >= 0 && value <= LIMITS.pricePence, {
    error: PENCE,
  }),
);
const count = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).check(
    z.refine((value) => Number.isInteger(value) && value >= min && value <= max, {
      error: message,
    }),
  );
};
const textOf = (chars: number) =>
  z.string({ error: "must be text" }).check(atMost(chars), storable);
const text = textOf(LIMITS.otherTextChars);
const description = textOf(LIMITS.descriptionChars);
const name = z
  .string({ error: "must be text" })
  .check(z.trim(), z.minLength(1, "must not be empty"), atMost(LIMITS.nameChars), storable);
const listOf = <T extends z.ZodMiniType>(entry: T, max: number, what: string) =>
  z.array(entry).check(z.maxLength(max, `must hold at most ${grouped(max)} ${what}`));

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
  description: z.optional(description),
  pricePence: pence,
  isDefault: z.optional(z.boolean({ error: "must be true or false" })),
  allergens: z.optional(listOf(allergenId, 14, "allergens")),
  /** Per cent VAT, 20 or 0; 20 (the standard rate) when left out. */
  vatRate: z.optional(vatRateSchema),
});

export const parkAddonGroupSchema = z
  .strictObject({
    name,
    minQuantity: count(0, LIMITS.choices),
    maxQuantity: count(1, LIMITS.choices),
    isRequired: z.boolean({ error: "must be true or false" }),
    addons: listOf(parkAddonSchema, LIMITS.addonsPerGroup, "add-ons").check(
      uniqueNames((addon) => addon.name, "add-on"),
    ),
  })
  .check(
    z.superRefine((group, context) => {
      if (group.minQuantity > group.maxQuantity)
        context.issues.push({
          code: "custom",
          input: group,
          path: ["minQuantity"],
          message: `must not be above maxQuantity (${group.maxQuantity})`,
        });
      else if (group.minQuantity > group.addons.length)
        context.issues.push({
          code: "custom",
          input: group,
          path: ["minQuantity"],
          message: `must not be above the number of add-ons (${group.addons.length})`,
        });
    }),
  );

export const parkItemSchema = z.strictObject({
  name,
  description,
  pricePence: pence,
  image: text,
  allergens: listOf(allergenId, 14, "allergens"),
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
    listOf(parkAddonGroupSchema, LIMITS.addonGroupsPerItem, "add-on groups").check(
      uniqueNames((group) => group.name, "add-on group"),
    ),
  ),
});

export const parkTrailerSchema = z
  .strictObject({
    slug: z
      .string({ error: "must be text" })
      .check(
        z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by '-'"),
        atMost(LIMITS.slugChars),
      ),
    name,
    description,
    logo: text,
    image: text,
    status: z.enum(["open", "closed"], { error: "must be open or closed" }),
    rating: z
      .number({ error: "must be a number from 0 to 5" })
      .check(z.refine((value) => value >= 0 && value <= 5, "must be a number from 0 to 5")),
    preparationTimeMin: count(1, LIMITS.preparationMinutes),
    preparationTimeMax: count(1, LIMITS.preparationMinutes),
    priceCategory: z.enum(["under_10", "10_to_20", "over_20"], {
      error: "must be under_10, 10_to_20 or over_20",
    }),
    phone: text,
    email: text,
    /** The business behind the trailer (legal name, address, VAT number): what its receipts name. */
    business: z.optional(businessDetailsSchema),
    /** The Stripe connected account its share of card payments goes to (null: held by the park, shown as owed). */
    payoutAccount: z.optional(payoutAccountSchema),
    categories: listOf(
      z.strictObject({ name, items: listOf(parkItemSchema, LIMITS.itemsPerTrailer, "items") }),
      LIMITS.categoriesPerTrailer,
      "categories",
    ).check(
      z.superRefine((categories, context) => {
        const items = categories.reduce((sum, category) => sum + category.items.length, 0);
        if (items > LIMITS.itemsPerTrailer)
          context.issues.push({
            code: "custom",
            input: categories,
            path: [],
            message: `must hold at most ${grouped(LIMITS.itemsPerTrailer)} items in all (it holds ${grouped(items)})`,
          });
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
  })
  .check(
    z.superRefine((trailer, context) => {
      if (trailer.preparationTimeMax < trailer.preparationTimeMin)
        context.issues.push({
          code: "custom",
          input: trailer,
          path: ["preparationTimeMax"],
          message: "must be at least preparationTimeMin",
        });
    }),
  );

/** A whole park file: the trailers it changes (trailers it does not name are left as they are). */
export const parkFileSchema = z.strictObject({
  trailers: listOf(parkTrailerSchema, LIMITS.trailersPerFile, "trailers").check(
    uniqueNames((trailer) => trailer.slug, "trailer slug"),
  ),
});

export type ParkAddon = z.infer<typeof parkAddonSchema>;
export type ParkAddonGroup = z.infer<typeof parkAddonGroupSchema>;
export type ParkItem = z.infer<typeof parkItemSchema>;
export type ParkTrailer = z.infer<typeof parkTrailerSchema>;
export type ParkFile = z.infer<typeof parkFileSchema>;
