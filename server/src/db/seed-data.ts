/**
 * The demo park, read from data files: one JSON file per trailer in `demo-park/`, listed in the order they are
 * shown by `demo-park/park.json`. Adding a trailer means adding its file and its slug there; no code changes.
 *
 * Prices are integer pence. Allergens are the 14 UK-declarable allergen ids of `contract/allergens.ts`. Every image
 * path points at a file under /public. A "Choose Portion Size" option carries the FULL price of the item at that
 * size, and the item's own price is always the default portion's price. No allergen-bearing extra is a default:
 * what is preselected must be safe to miss.
 *
 * The files are checked when the server loads them, so a typo in the data stops the seed with the file and field
 * named instead of seeding a broken park.
 */

import { ALLERGENS } from "@contract/allergens";
import * as z from "zod/mini";

const allergenId = z.enum(ALLERGENS.map((allergen) => allergen.id) as [string, ...string[]]);
const pence = z.number().check(z.int(), z.nonnegative());

const seedAddon = z.strictObject({
  name: z.string(),
  description: z.optional(z.string()),
  pricePence: pence,
  isDefault: z.optional(z.boolean()),
  allergens: z.optional(z.array(allergenId)),
});

const seedAddonGroup = z.strictObject({
  name: z.string(),
  minQuantity: z.number().check(z.int(), z.nonnegative()),
  maxQuantity: z.number().check(z.int(), z.positive()),
  isRequired: z.boolean(),
  addons: z.array(seedAddon),
});

const seedItem = z.strictObject({
  name: z.string(),
  description: z.string(),
  pricePence: pence,
  image: z.string(),
  allergens: z.array(allergenId),
  badges: z.optional(z.array(z.enum(["best_seller", "most_favourite"]))),
  addonGroups: z.optional(z.array(seedAddonGroup)),
});

const seedVendor = z.strictObject({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  image: z.string(),
  status: z.enum(["open", "closed"]),
  rating: z.number(),
  preparationTimeMin: z.number().check(z.int(), z.positive()),
  preparationTimeMax: z.number().check(z.int(), z.positive()),
  priceCategory: z.enum(["under_10", "10_to_20", "over_20"]),
  phone: z.string(),
  email: z.string(),
  categories: z.array(z.strictObject({ name: z.string(), items: z.array(seedItem) })),
});

const parkFile = z.strictObject({ trailers: z.array(z.string()) });

export type SeedAddon = z.infer<typeof seedAddon>;
export type SeedAddonGroup = z.infer<typeof seedAddonGroup>;
export type SeedItem = z.infer<typeof seedItem>;
export type SeedVendor = z.infer<typeof seedVendor>;

// Bundled at build time (Vite), so the built server needs no data folder beside it.
const files = import.meta.glob<unknown>("./demo-park/*.json", { eager: true, import: "default" });

function readFile<T>(schema: z.ZodMiniType<T>, name: string): T {
  const parsed = schema.safeParse(files[`./demo-park/${name}.json`]);
  if (!parsed.success) {
    throw new Error(`server/src/db/demo-park/${name}.json: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The trailers of the demo park, in the order the park shows them. */
export function loadSeedVendors(): SeedVendor[] {
  return readFile(parkFile, "park").trailers.map((slug) => readFile(seedVendor, slug));
}
