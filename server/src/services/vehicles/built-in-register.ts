import type { Vehicle } from "@contract/orders";
import { type VehicleLookup, vehicleNotFound } from "./vehicle-lookup.js";

/**
 * A small register for running without a DVLA key (demo, tests, no internet).
 * Current-style plates (two letters, age identifier, three letters) as the DVLA would answer them.
 */
export const BUILT_IN_VEHICLES: readonly Vehicle[] = [
  { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
  { registrationNumber: "BD51SMR", make: "Vauxhall", colour: "Silver" },
  { registrationNumber: "LN68XKP", make: "Volkswagen", colour: "Black" },
  { registrationNumber: "MA19ZTV", make: "Toyota", colour: "White" },
  { registrationNumber: "YX70HBF", make: "Nissan", colour: "Grey" },
  { registrationNumber: "SK21PLO", make: "BMW", colour: "Black" },
  { registrationNumber: "GU17WRN", make: "Kia", colour: "Red" },
  { registrationNumber: "WP66DFE", make: "Mercedes-Benz", colour: "Silver" },
  { registrationNumber: "KS23NCE", make: "Tesla", colour: "White" },
  { registrationNumber: "EF15JKA", make: "Mini", colour: "Green" },
  { registrationNumber: "RV64TZO", make: "Land Rover", colour: "Grey" },
  { registrationNumber: "DL09ERU", make: "Peugeot", colour: "Red" },
];

export function createBuiltInRegister(
  vehicles: readonly Vehicle[] = BUILT_IN_VEHICLES,
): VehicleLookup {
  const byPlate = new Map(vehicles.map((vehicle) => [vehicle.registrationNumber, vehicle]));
  return {
    source: "built-in",
    async lookup(registrationNumber) {
      const vehicle = byPlate.get(registrationNumber);
      return vehicle ? { success: true, data: { ...vehicle } } : vehicleNotFound();
    },
  };
}
