import type { AllergenId } from "@contract/allergens";
import type { MenuItem } from "@contract/vendors";
import { describe, expect, it } from "vitest";
import {
  ALL_CATEGORIES,
  categoryChips,
  countHiddenByAllergens,
  filterMenu,
  type MenuSection,
} from "@/features/vendors/lib/menu-filter";
import { transcriptOf } from "@/features/vendors/lib/speech";
import { containsLine } from "@/lib/allergens";

const item = (
  id: number,
  name: string,
  description: string,
  allergens: AllergenId[] = [],
): MenuItem => ({
  id: `item_${id}`,
  vendorId: 1,
  name,
  description,
  price: 5,
  pricePence: 500,
  image: "",
  category: "",
  has_required_addongroups: false,
  has_addongroups: false,
  allergens,
  badges: [],
  available: true,
});

const menu: MenuSection[] = [
  {
    category: "Pizzas",
    items: [
      item(1, "Margherita", "Tomato and mozzarella", ["gluten", "milk"]),
      item(2, "Marinara", "Tomato, garlic, no cheese", ["gluten"]),
    ],
  },
  {
    category: "Sides",
    items: [item(3, "Rocket Salad", "Parmesan and balsamic", ["milk", "sulphites"])],
  },
  { category: "Drinks", items: [item(4, "Sparkling Water", "500ml bottle")] },
];

const shown = (filters: Partial<Parameters<typeof filterMenu>[1]>) =>
  filterMenu(menu, { search: "", category: ALL_CATEGORIES, hiddenAllergens: [], ...filters }).map(
    (section) => [section.category, section.items.map((i) => i.name)],
  );

describe("menu search, categories and the allergen filter", () => {
  it("matches name or description, case-insensitively, and drops empty sections", () => {
    expect(shown({ search: "TOMATO" })).toEqual([["Pizzas", ["Margherita", "Marinara"]]]);
    expect(shown({ search: "balsamic" })).toEqual([["Sides", ["Rocket Salad"]]]);
  });

  it("shows one category when one is chosen", () => {
    expect(shown({ category: "Drinks" })).toEqual([["Drinks", ["Sparkling Water"]]]);
  });

  it("hides items declaring any ticked allergen and counts them", () => {
    expect(shown({ hiddenAllergens: ["milk"] })).toEqual([
      ["Pizzas", ["Marinara"]],
      ["Drinks", ["Sparkling Water"]],
    ]);
    expect(countHiddenByAllergens(menu, ["milk"])).toBe(2);
    expect(countHiddenByAllergens(menu, [])).toBe(0);
  });
});

describe("category chips", () => {
  const categories = ["Pizzas", "Sides", "Desserts", "Drinks", "Specials", "Sauces"];

  it("shows All plus the first 4 and '+N more'", () => {
    expect(categoryChips(categories, false, ALL_CATEGORIES)).toEqual({
      chips: ["All", "Pizzas", "Sides", "Desserts", "Drinks"],
      hiddenCount: 2,
    });
  });

  it("shows everything once expanded", () => {
    expect(categoryChips(categories, true, ALL_CATEGORIES)).toEqual({
      chips: ["All", ...categories],
      hiddenCount: 0,
    });
  });

  it("never hides the chosen category", () => {
    expect(categoryChips(categories, false, "Sauces")).toEqual({
      chips: ["All", "Pizzas", "Sides", "Desserts", "Drinks", "Sauces"],
      hiddenCount: 1,
    });
  });
});

it("names allergens in words, compactly", () => {
  expect(containsLine(["gluten", "milk"])).toBe("Contains: Gluten, Milk");
  expect(containsLine(["gluten"], "full")).toBe("Contains: Cereals containing gluten");
  expect(containsLine([])).toBeNull();
});

it("joins a voice result into one search text", () => {
  expect(transcriptOf({ results: [[{ transcript: " garlic " }], [{ transcript: "bread" }]] })).toBe(
    "garlic bread",
  );
});
