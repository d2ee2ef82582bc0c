import { isVendorOpen } from "@contract/vendor-rules";
import type { Vendor } from "@contract/vendors";

/** The six sort choices of the product spec (docs/product-spec.md § Screens and routes), in the order the spec lists them. */
export const SORT_OPTIONS = [
  { id: "name-asc", label: "Name A-Z" },
  { id: "name-desc", label: "Name Z-A" },
  { id: "rating-desc", label: "Rating (High to Low)" },
  { id: "rating-asc", label: "Rating (Low to High)" },
  { id: "prep-asc", label: "Fastest Preparation" },
  { id: "prep-desc", label: "Slowest Preparation" },
] as const;

export type SortId = (typeof SORT_OPTIONS)[number]["id"];

export interface VendorFilters {
  search: string;
  /** 'Under £10': keeps vendors whose priceCategory is under_10. */
  underTen: boolean;
  /** 'Open now only' (the Filter sheet). */
  openOnly: boolean;
  sort: SortId | null;
}

export const NO_FILTERS: VendorFilters = {
  search: "",
  underTen: false,
  openOnly: false,
  sort: null,
};

export const sortLabel = (sort: SortId) =>
  SORT_OPTIONS.find((option) => option.id === sort)?.label ?? sort;

/** The spec's default description when a vendor has none. */
export const vendorDescription = (vendor: Pick<Vendor, "name" | "description">) =>
  vendor.description.trim() || `Delicious food from ${vendor.name}`;

/** Minutes shown as 'Preparation time N mins': the lower bound, 15 when unknown (docs/product-spec.md § Entities and their fields). */

export const preparationMinutes = (vendor: Pick<Vendor, "preparationTime">) =>
  vendor.preparationTime.min || 15;

const byName = (a: Vendor, b: Vendor) =>
  a.name.localeCompare(b.name, "en-GB", { sensitivity: "base" });

const COMPARATORS: Record<SortId, (a: Vendor, b: Vendor) => number> = {
  "name-asc": byName,
  "name-desc": (a, b) => byName(b, a),
  "rating-desc": (a, b) => b.rating - a.rating || byName(a, b),
  "rating-asc": (a, b) => a.rating - b.rating || byName(a, b),
  "prep-asc": (a, b) => preparationMinutes(a) - preparationMinutes(b) || byName(a, b),
  "prep-desc": (a, b) => preparationMinutes(b) - preparationMinutes(a) || byName(a, b),
};

/** Search (case-insensitive, on the name), the filters, then the sort; the server's order when unsorted. */
export function applyVendorFilters(vendors: readonly Vendor[], filters: VendorFilters): Vendor[] {
  const needle = filters.search.trim().toLocaleLowerCase("en-GB");
  const kept = vendors.filter(
    (vendor) =>
      (needle === "" || vendor.name.toLocaleLowerCase("en-GB").includes(needle)) &&
      (!filters.underTen || vendor.priceCategory === "under_10") &&
      (!filters.openOnly || isVendorOpen(vendor.status)),
  );
  return filters.sort ? kept.sort(COMPARATORS[filters.sort]) : kept;
}

/** Filters in effect, as the chips name them. */
export function activeFilterLabels(filters: VendorFilters): string[] {
  const labels: string[] = [];
  if (filters.openOnly) labels.push("Open now");
  if (filters.underTen) labels.push("Under £10");
  return labels;
}

export const activeFilterCount = (filters: VendorFilters) => activeFilterLabels(filters).length;

export const hasAnyRefinement = (filters: VendorFilters) =>
  filters.search.trim() !== "" || activeFilterCount(filters) > 0 || filters.sort !== null;

/**
 * 'No vendors found' / 'Found N vendors', naming the search text, filters and sort in effect:
 * 'Found 2 vendors for "taco" · Under £10 · sorted by Name Z-A'.
 */
export function resultLine(count: number, filters: VendorFilters): string {
  const head =
    count === 0 ? "No vendors found" : `Found ${count} ${count === 1 ? "vendor" : "vendors"}`;
  const search = filters.search.trim();
  const parts = [search ? `${head} for "${search}"` : head, ...activeFilterLabels(filters)];
  if (filters.sort) parts.push(`sorted by ${sortLabel(filters.sort)}`);
  return parts.join(" · ");
}
