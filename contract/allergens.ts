/** No zod here: the client's first screens import this list without the schema library. */
/** The 14 allergens UK food law (Natasha's Law / FIR Annex II) requires businesses to declare. */
export const ALLERGENS = [
  { id: "celery", label: "Celery", short: "Celery" },
  { id: "gluten", label: "Cereals containing gluten", short: "Gluten" },
  { id: "crustaceans", label: "Crustaceans", short: "Crustaceans" },
  { id: "eggs", label: "Eggs", short: "Eggs" },
  { id: "fish", label: "Fish", short: "Fish" },
  { id: "lupin", label: "Lupin", short: "Lupin" },
  { id: "milk", label: "Milk", short: "Milk" },
  { id: "molluscs", label: "Molluscs", short: "Molluscs" },
  { id: "mustard", label: "Mustard", short: "Mustard" },
  { id: "nuts", label: "Tree nuts", short: "Tree nuts" },
  { id: "peanuts", label: "Peanuts", short: "Peanuts" },
  { id: "sesame", label: "Sesame", short: "Sesame" },
  { id: "soya", label: "Soya", short: "Soya" },
  { id: "sulphites", label: "Sulphur dioxide and sulphites", short: "Sulphites" },
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

/** Short names for compact lines ('Contains: Gluten, Milk'); `allergenLabel` gives the law's long forms. */
export function allergenShortLabel(id: AllergenId): string {
  return ALLERGENS.find((a) => a.id === id)?.short ?? id;
}

/** What a dish with no allergen data says, instead of showing nothing (a blank reads as 'none'). */
export const ALLERGENS_NOT_DECLARED = "Allergens not declared — ask the trailer";

type LabelForm = "short" | "full";
const labelOf = (form: LabelForm) => (form === "short" ? allergenShortLabel : allergenLabel);

/**
 * The one allergen rule every screen uses: a line that lists allergens lists ALL the configured dish's (the
 * item's own with every chosen add-on's), never only what the choices bring. A dish whose item carries no
 * allergen data says so ('Allergens not declared — ask the trailer'), followed by what the choices add
 * when they declare any.
 */
export function dishAllergenLine(
  itemAllergens: readonly string[] | null | undefined,
  addonAllergens: readonly (readonly string[] | null | undefined)[] = [],
  form: LabelForm = "short",
): string {
  const label = labelOf(form);
  if (mergeAllergens(itemAllergens).length === 0) {
    const added = choicesAddLine(addonAllergens, form);
    return added ? `${ALLERGENS_NOT_DECLARED} · ${added}` : ALLERGENS_NOT_DECLARED;
  }
  return `Contains: ${mergeAllergens(itemAllergens, ...addonAllergens)
    .map(label)
    .join(", ")}`;
}

/** A line about the chosen add-ons alone says so: 'Your choices add: Milk'; null when they add nothing. */
export function choicesAddLine(
  addonAllergens: readonly (readonly string[] | null | undefined)[],
  form: LabelForm = "short",
): string | null {
  const ids = mergeAllergens(...addonAllergens);
  return ids.length > 0 ? `Your choices add: ${ids.map(labelOf(form)).join(", ")}` : null;
}
