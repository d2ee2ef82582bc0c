import { MESSAGES } from "@contract/messages";
import type { Vehicle } from "@contract/orders";

export type VehicleFound = { success: true; data: Vehicle };
export type VehicleLookupFailure = {
  success: false;
  /** The HTTP status our API answers with. */
  status: 400 | 404 | 502;
  error: string;
  details?: { errors: { detail: string }[] };
};
export type VehicleLookupResult = VehicleFound | VehicleLookupFailure;

/** Finds a vehicle's make and colour by its (already normalised and validated) UK registration. */
export interface VehicleLookup {
  readonly source: "dvla" | "built-in";
  lookup(registrationNumber: string): Promise<VehicleLookupResult>;
}

export const vehicleNotFound = (): VehicleLookupFailure => ({
  success: false,
  status: 404,
  error: MESSAGES.vehicleNotFound,
});
export const vehicleFetchFailed = (): VehicleLookupFailure => ({
  success: false,
  status: 502,
  error: MESSAGES.vehicleFetchFailed,
});

/** 'LAND ROVER' → 'Land Rover', 'MERCEDES-BENZ' → 'Mercedes-Benz'. */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_match, separator: string, letter: string) => separator + letter.toUpperCase(),
    );
}
