import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import { createOrderService } from "./order-service.js";
import { createOrderStatusService } from "./order-status.js";
import { createPushService, type PushTransport, type VapidDetails } from "./push/index.js";
import type { TokenService } from "./tokens.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
  vapid: VapidDetails;
  /** How push messages leave the server (default: fetch). */
  pushTransport?: PushTransport;
}

export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps.db, deps.tokens),
    orders: createOrderService(deps.db),
    orderStatus: createOrderStatusService({ db: deps.db, events: deps.events }),
    push: createPushService({ db: deps.db, vapid: deps.vapid, transport: deps.pushTransport }),
  };
}

export type Services = ReturnType<typeof createServices>;
