import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import type { TokenService } from "./tokens.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
}

export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps.db, deps.tokens),
  };
}

export type Services = ReturnType<typeof createServices>;
