/** No zod here: the client's first screens import this list without the schema library. */
/** The 14 allergens UK food law (Natasha's Law / FIR Annex II) requires businesses to declare. */
export const ALLERGENS = [
  { id: "celery", label: "Celery" },
  { id: "gluten", label: "Cereals containing gluten" },
  { id: "crustaceans", label: "Crustaceans" },
  { id: "eggs", label: "Eggs" },
  { id: "fish", label: "Fish" },
  { id: "lupin", label: "Lupin" },
  { id: "milk", label: "Milk" },
  { id: "molluscs", label: "Molluscs" },
  { id: "mustard", label: "Mustard" },
  { id: "nuts", label: "Tree nuts" },
  { id: "peanuts", label: "Peanuts" },
  { id: "sesame", label: "Sesame" },
  { id: "soya", label: "Soya" },
  { id: "sulphites", label: "Sulphur dioxide and sulphites" },
] as const;

export type AllergenId = (typeof ALLERGENS)[number]["id"];

export function allergenLabel(id: AllergenId): string {
  return ALLERGENS.find((a) => a.id === id)?.label ?? id;
}

/**
 * A dish's allergens with its chosen add-ons': every id in any list, once, in the law's order. Unknown ids
 * (not one of the 14) are dropped.
 */
export function mergeAllergens(
  ...lists: readonly (readonly string[] | null | undefined)[]
): AllergenId[] {
  const present = new Set<string>();
  for (const list of lists) for (const id of list ?? []) present.add(id);
  return ALLERGENS.filter((allergen) => present.has(allergen.id)).map((allergen) => allergen.id);
}
