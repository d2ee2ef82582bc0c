import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import { createCartService } from "./cart-service.js";
import { createOrderService } from "./order-service.js";
import { createOrderStatusService } from "./order-status.js";
import type { Charges } from "./pricing.js";
import type { TokenService } from "./tokens.js";
import { createVendorService } from "./vendor-service.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
  /** Service charge and delivery fee in pence, from the server's configuration. */
  charges: Charges;
}

export function createServices(deps: ServiceDeps) {
  return {
    auth: createAuthService(deps.db, deps.tokens),
    vendors: createVendorService(deps.db),
    cart: createCartService(deps.db, deps.charges),
    orders: createOrderService(deps.db),
    orderStatus: createOrderStatusService({ db: deps.db, events: deps.events }),
  };
}

export type Services = ReturnType<typeof createServices>;
