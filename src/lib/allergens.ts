import { type AllergenId, allergenLabel, allergenShortLabel } from "@contract/allergens";

/**
 * One add-on's own allergens ('Contains: Gluten, Milk'), or null when it declares none. A line about a whole
 * dish uses contract/allergens.ts `dishAllergenLine` instead (it never leaves the item's own out).
 */
export function containsLine(
  ids: readonly AllergenId[],
  form: "short" | "full" = "short",
): string | null {
  if (ids.length === 0) return null;
  const label = form === "short" ? allergenShortLabel : allergenLabel;
  return `Contains: ${ids.map(label).join(", ")}`;
}
