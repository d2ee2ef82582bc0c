import { type AllergenId, allergenLabel } from "@contract/allergens";

/** Short names for compact lists ('Contains: Gluten, Milk'); the contract's labels are the legal long forms. */
const SHORT_LABEL: Record<AllergenId, string> = {
  celery: "Celery",
  gluten: "Gluten",
  crustaceans: "Crustaceans",
  eggs: "Eggs",
  fish: "Fish",
  lupin: "Lupin",
  milk: "Milk",
  molluscs: "Molluscs",
  mustard: "Mustard",
  nuts: "Tree nuts",
  peanuts: "Peanuts",
  sesame: "Sesame",
  soya: "Soya",
  sulphites: "Sulphites",
};

export const allergenShortLabel = (id: AllergenId): string => SHORT_LABEL[id];

/** 'Contains: Gluten, Milk', or null when nothing is declared. */
export function containsLine(
  ids: readonly AllergenId[],
  form: "short" | "full" = "short",
): string | null {
  if (ids.length === 0) return null;
  const label = form === "short" ? allergenShortLabel : allergenLabel;
  return `Contains: ${ids.map(label).join(", ")}`;
}
