import { isUkPlate, NOT_A_UK_PLATE } from "@contract/vehicles";
import type { VehicleLookup, VehicleLookupResult } from "./index.js";

/** Looks up a plate the route has normalised with contract/vehicles.ts; a non-UK format never reaches the lookup. */
export function createVehicleService(lookup: VehicleLookup) {
  return {
    source: lookup.source,
    async lookup(registrationNumber: string): Promise<VehicleLookupResult> {
      if (!isUkPlate(registrationNumber))
        return { success: false, status: 400, error: NOT_A_UK_PLATE };
      return lookup.lookup(registrationNumber);
    },
  };
}

export type VehicleService = ReturnType<typeof createVehicleService>;
