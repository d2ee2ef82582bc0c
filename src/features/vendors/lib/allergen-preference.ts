import { ALLERGENS, type AllergenId } from "@contract/allergens";

/** The menu's 'Hide items containing…' choice is remembered on this device: an allergy rarely changes between visits. */
export const ALLERGEN_FILTER_KEY = "allergenFilter";

const KNOWN = new Set<string>(ALLERGENS.map((allergen) => allergen.id));

export function readHiddenAllergens(
  storage: Storage | null = typeof localStorage === "undefined" ? null : localStorage,
): AllergenId[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(ALLERGEN_FILTER_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? (parsed.filter((id) => typeof id === "string" && KNOWN.has(id)) as AllergenId[])
      : [];
  } catch {
    return [];
  }
}

export function writeHiddenAllergens(
  ids: readonly AllergenId[],
  storage: Storage | null = typeof localStorage === "undefined" ? null : localStorage,
): void {
  if (ids.length === 0) storage?.removeItem(ALLERGEN_FILTER_KEY);
  else storage?.setItem(ALLERGEN_FILTER_KEY, JSON.stringify(ids));
}
