import type { Vehicle } from "@contract/orders";

/**
 * The cart's car-delivery answer, plate and found vehicle, kept for this tab (sessionStorage) so Back from the
 * payment screen or a reload does not ask again. Forgotten once the order is placed and at sign-out (shared phones).
 */
const KEY = "carDelivery";

export interface SavedCarDelivery {
  answer: "yes" | "no" | null;
  plate: string;
  vehicle: Vehicle | null;
}

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
};

export function readCarDelivery(store: Storage | null = storage()): SavedCarDelivery | null {
  try {
    const saved = JSON.parse(store?.getItem(KEY) ?? "null") as Partial<SavedCarDelivery> | null;
    if (!saved || typeof saved !== "object") return null;
    const answer = saved.answer === "yes" || saved.answer === "no" ? saved.answer : null;
    const plate = typeof saved.plate === "string" ? saved.plate : "";
    const vehicle =
      saved.vehicle && typeof saved.vehicle.registrationNumber === "string" ? saved.vehicle : null;
    return { answer, plate, vehicle };
  } catch {
    return null;
  }
}

export function writeCarDelivery(value: SavedCarDelivery, store: Storage | null = storage()): void {
  try {
    if (value.answer === null && !value.plate) store?.removeItem(KEY);
    else store?.setItem(KEY, JSON.stringify(value));
  } catch {
    // private mode or full storage: the answer lives as long as the screen
  }
}

export function forgetCarDelivery(store: Storage | null = storage()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // nothing saved
  }
}
