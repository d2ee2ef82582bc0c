import { DEFAULT_DVLA_API_URL, type ServerConfig } from "../config.js";
import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import type { TokenService } from "./tokens.js";
import { createVehicleService } from "./vehicle-service.js";
import { createVehicleLookup } from "./vehicles/index.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
  config: ServerConfig;
  /** Where services report failures they recover from (the app's logger). */
  logError?: (error: unknown, context: string) => void;
}

export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps.db, deps.tokens),
    vehicles: createVehicleService(createVehicleLookup(deps.config, DEFAULT_DVLA_API_URL, deps.logError)),
  };
}

export type Services = ReturnType<typeof createServices>;
