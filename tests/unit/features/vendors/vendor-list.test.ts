import { vendor } from "@tests/unit/helpers/vendors";
import { describe, expect, it } from "vitest";
import { filtersFromParams, filtersToParams } from "@/features/vendors/lib/filters-in-url";
import {
  applyVendorFilters,
  NO_FILTERS,
  preparationMinutes,
  resultLine,
  type VendorFilters,
  vendorDescription,
} from "@/features/vendors/lib/vendor-list";

const park = [
  vendor(1, "Forno & Fuoco", { rating: 4.7, preparationTime: { min: 10, max: 15 } }),
  vendor(2, "Taco Libre", {
    rating: 4.3,
    priceCategory: "under_10",
    preparationTime: { min: 6, max: 10 },
  }),
  vendor(3, "bean machine", {
    rating: 4.9,
    priceCategory: "under_10",
    preparationTime: { min: 3, max: 5 },
  }),
  vendor(4, "Churro Loco", {
    rating: 4.2,
    priceCategory: "under_10",
    status: "closed",
    preparationTime: { min: 5, max: 8 },
  }),
  vendor(5, "Smash Stack", { rating: 4.6, preparationTime: { min: 8, max: 12 } }),
];

const names = (filters: Partial<VendorFilters>) =>
  applyVendorFilters(park, { ...NO_FILTERS, ...filters }).map((v) => v.name);

describe("searching, filtering and sorting the trailers", () => {
  it("keeps the server's order when nothing is chosen", () => {
    expect(names({})).toEqual([
      "Forno & Fuoco",
      "Taco Libre",
      "bean machine",
      "Churro Loco",
      "Smash Stack",
    ]);
  });

  it("matches the search on names only, ignoring case and surrounding spaces", () => {
    expect(names({ search: "  TACO " })).toEqual(["Taco Libre"]);
    expect(names({ search: "food" })).toEqual([]);
  });

  it("'Under £10' keeps vendors whose priceCategory is under_10", () => {
    expect(names({ underTen: true })).toEqual(["Taco Libre", "bean machine", "Churro Loco"]);
  });

  it("'Open now only' drops closed trailers", () => {
    expect(names({ underTen: true, openOnly: true })).toEqual(["Taco Libre", "bean machine"]);
  });

  it("sorts by name either way, ignoring case", () => {
    expect(names({ sort: "name-asc" })).toEqual([
      "bean machine",
      "Churro Loco",
      "Forno & Fuoco",
      "Smash Stack",
      "Taco Libre",
    ]);
    expect(names({ sort: "name-desc" })).toEqual([
      "Taco Libre",
      "Smash Stack",
      "Forno & Fuoco",
      "Churro Loco",
      "bean machine",
    ]);
  });

  it("sorts by rating and by preparation time", () => {
    expect(names({ sort: "rating-desc" })[0]).toBe("bean machine");
    expect(names({ sort: "rating-asc" })[0]).toBe("Churro Loco");
    expect(names({ sort: "prep-asc" })).toEqual([
      "bean machine",
      "Churro Loco",
      "Taco Libre",
      "Smash Stack",
      "Forno & Fuoco",
    ]);
    expect(names({ sort: "prep-desc" })[0]).toBe("Forno & Fuoco");
  });

  it("does not reorder the list it was given", () => {
    applyVendorFilters(park, { ...NO_FILTERS, sort: "name-desc" });
    expect(park[0]?.name).toBe("Forno & Fuoco");
  });
});

describe("the result line", () => {
  it("says 'No vendors found' or counts them", () => {
    expect(resultLine(0, NO_FILTERS)).toBe("No vendors found");
    expect(resultLine(1, NO_FILTERS)).toBe("Found 1 vendor");
    expect(resultLine(8, NO_FILTERS)).toBe("Found 8 vendors");
  });

  it("names the search text, the filters and the sort in effect", () => {
    const filters: VendorFilters = {
      search: "taco ",
      underTen: true,
      openOnly: true,
      sort: "name-desc",
    };
    expect(resultLine(1, filters)).toBe(
      'Found 1 vendor for "taco" · Open now · Under £10 · sorted by Name Z-A',
    );
    expect(resultLine(0, { ...NO_FILTERS, search: "sushi" })).toBe('No vendors found for "sushi"');
  });
});

describe("vendor card texts", () => {
  it("falls back to 'Delicious food from {name}' and 15 minutes", () => {
    expect(vendorDescription(vendor(9, "Pie Hole", { description: "  " }))).toBe(
      "Delicious food from Pie Hole",
    );
    expect(preparationMinutes(vendor(9, "Pie Hole", { preparationTime: { min: 0, max: 0 } }))).toBe(
      15,
    );
  });
});

describe("refinements in the address", () => {
  it("round-trips and ignores unknown sorts", () => {
    const filters: VendorFilters = {
      search: "bean",
      underTen: true,
      openOnly: false,
      sort: "rating-desc",
    };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams("sort=cheapest")).sort).toBeNull();
  });
});
