import type { VehicleLookup, VehicleLookupResult } from "./vehicles/index.js";

/** Looks up a plate that the route has already normalised and validated with contract/vehicles.ts. */
export function createVehicleService(lookup: VehicleLookup) {
  return {
    source: lookup.source,
    lookup: (registrationNumber: string): Promise<VehicleLookupResult> => lookup.lookup(registrationNumber),
  };
}

export type VehicleService = ReturnType<typeof createVehicleService>;
