import { NO_FILTERS, SORT_OPTIONS, type SortId, type VendorFilters } from "./vendor-list";

/** The list's refinements live in the address (?q&under10&open&sort) so Back from a menu keeps them. */
export function filtersFromParams(params: URLSearchParams): VendorFilters {
  const sort = params.get("sort");
  return {
    search: params.get("q") ?? NO_FILTERS.search,
    underTen: params.get("under10") === "1",
    openOnly: params.get("open") === "1",
    sort: SORT_OPTIONS.some((option) => option.id === sort) ? (sort as SortId) : null,
  };
}

export function filtersToParams(filters: VendorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("q", filters.search);
  if (filters.underTen) params.set("under10", "1");
  if (filters.openOnly) params.set("open", "1");
  if (filters.sort) params.set("sort", filters.sort);
  return params;
}
