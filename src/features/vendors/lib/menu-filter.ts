import type { AllergenId } from "@contract/allergens";
import { CATEGORY_CHIPS_SHOWN } from "@contract/limits";
import type { MenuItem, MenuResponse } from "@contract/vendors";

export type MenuSection = MenuResponse["items"][number];

export const ALL_CATEGORIES = "All";

export interface MenuFilters {
  /** Matches item name or description, case-insensitively. */
  search: string;
  /** 'All' or one category. */
  category: string;
  /** 'Hide items containing…': items declaring any of these are left out. */
  hiddenAllergens: readonly AllergenId[];
}

export const matchesSearch = (item: Pick<MenuItem, "name" | "description">, search: string) => {
  const needle = search.trim().toLocaleLowerCase("en-GB");
  return (
    needle === "" || `${item.name}\n${item.description}`.toLocaleLowerCase("en-GB").includes(needle)
  );
};

export const isHiddenByAllergens = (
  item: Pick<MenuItem, "allergens">,
  hidden: readonly AllergenId[],
) => item.allergens.some((allergen) => hidden.includes(allergen));

/** The sections to show, each with only its matching items; empty sections are dropped. */
export function filterMenu(sections: readonly MenuSection[], filters: MenuFilters): MenuSection[] {
  return sections
    .filter(
      (section) => filters.category === ALL_CATEGORIES || section.category === filters.category,
    )
    .map((section) => ({
      category: section.category,
      items: section.items.filter(
        (item) =>
          matchesSearch(item, filters.search) &&
          !isHiddenByAllergens(item, filters.hiddenAllergens),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

/** How many items the allergen filter alone hides (told to the customer so nothing vanishes silently). */
export const countHiddenByAllergens = (
  sections: readonly MenuSection[],
  hidden: readonly AllergenId[],
) =>
  hidden.length === 0
    ? 0
    : sections.reduce(
        (sum, section) =>
          sum + section.items.filter((item) => isHiddenByAllergens(item, hidden)).length,
        0,
      );

/**
 * 'All' plus the categories; only the first 4 categories until expanded, then '+N more'.
 * A chosen category beyond the first 4 stays visible so the selection is never hidden.
 */
export function categoryChips(categories: readonly string[], expanded: boolean, selected: string) {
  const shown = expanded ? [...categories] : categories.slice(0, CATEGORY_CHIPS_SHOWN);
  if (
    !expanded &&
    selected !== ALL_CATEGORIES &&
    !shown.includes(selected) &&
    categories.includes(selected)
  )
    shown.push(selected);
  const hiddenCount = expanded ? 0 : categories.length - shown.length;
  return { chips: [ALL_CATEGORIES, ...shown], hiddenCount };
}
