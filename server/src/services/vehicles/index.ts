import { createBuiltInRegister } from "./built-in-register.js";
import { createDvlaClient } from "./dvla-client.js";
import type { VehicleLookup } from "./vehicle-lookup.js";

export type { VehicleLookup, VehicleLookupResult } from "./vehicle-lookup.js";

export interface VehicleLookupConfig {
  dvlaApiKey: string | undefined;
  dvlaApiUrl: string;
}

/** The DVLA when a key is configured, the built-in register otherwise. */
export function createVehicleLookup(
  config: VehicleLookupConfig,
  onError?: (error: unknown, context: string) => void,
): VehicleLookup {
  if (!config.dvlaApiKey) return createBuiltInRegister();
  return createDvlaClient({
    apiKey: config.dvlaApiKey,
    url: config.dvlaApiUrl,
    onError,
  });
}
