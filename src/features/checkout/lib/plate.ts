import { normalisePlate } from "@contract/vehicles";

/** 'AB12CDE' → 'AB12 CDE' (current-style plates); other formats as typed, upper-cased. */
export function displayPlate(plate: string): string {
  const compact = normalisePlate(plate);
  const current = /^([A-Z]{2}\d{2})([A-Z]{3})$/.exec(compact);
  return current ? `${current[1]} ${current[2]}` : compact;
}
