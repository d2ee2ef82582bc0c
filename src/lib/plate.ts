import { normalisePlate } from "@contract/vehicles";

/** 'AB12CDE' → 'AB12 CDE' (current-style plates); other formats as typed, upper-cased. */
export function displayPlate(plate: string): string {
  const compact = normalisePlate(plate);
  const current = /^([A-Z]{2}\d{2})([A-Z]{3})$/.exec(compact);
  return current ? `${current[1]} ${current[2]}` : compact;
}

/** The car an order is brought to, as every screen names it: 'Blue Ford · AB12 CDE'. */
export function carText(vehicle: {
  registrationNumber: string;
  make?: string | null;
  colour?: string | null;
}): string {
  const car = [vehicle.colour, vehicle.make].filter(Boolean).join(" ");
  const plate = displayPlate(vehicle.registrationNumber);
  return car ? `${car} · ${plate}` : plate;
}
