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

import {
  type ParkAddon,
  type ParkAddonGroup,
  type ParkItem,
  type ParkTrailer,
  parkTrailerSchema,
} from "@contract/park-file";
import * as z from "zod/mini";

// The demo park's per-trailer files are trailers of the park file format (contract/park-file.ts).
const seedVendor = parkTrailerSchema;
const parkFile = z.strictObject({ trailers: z.array(z.string()) });

export type SeedAddon = ParkAddon;
export type SeedAddonGroup = ParkAddonGroup;
export type SeedItem = ParkItem;
export type SeedVendor = ParkTrailer;

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
