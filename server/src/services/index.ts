import { DEFAULT_DVLA_API_URL, type ServerConfig } from "../config.js";
import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import { createCartService } from "./cart-service.js";
import { createOrderService } from "./order-service.js";
import { createOrderStatusService } from "./order-status.js";
import type { Charges } from "./pricing.js";
import { createPushService, type VapidDetails } from "./push/index.js";
import type { TokenService } from "./tokens.js";
import { createOrderPlacementService } from "./order-placement.js";
import { createPaymentProvider } from "./payments/index.js";
import { createPaymentService } from "./payments/payment-service.js";
import { createVehicleService } from "./vehicle-service.js";
import { createVehicleLookup } from "./vehicles/index.js";
import { createVendorService } from "./vendor-service.js";
import { createMenuSearchService, databaseDishSource } from "./menu-search.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
  vapid: VapidDetails;
  config: ServerConfig;
  /** Where services report failures they recover from (the app's logger). */
  logError?: (error: unknown, context: string) => void;
  /** Service charge and delivery fee in pence, from the server's configuration. */
  charges: Charges;
}

export function createServices(deps: ServiceDeps) {
  const logError = deps.logError ?? ((error: unknown, context: string) => console.error(context, error));
  const cart = createCartService(deps.db, deps.charges);
  const orderPlacement = createOrderPlacementService({ db: deps.db, events: deps.events, carts: cart });
  return {
    auth: createAuthService(deps.db, deps.tokens),
    orders: createOrderService(deps.db),
    orderStatus: createOrderStatusService({ db: deps.db, events: deps.events }),
    push: createPushService({ db: deps.db, vapid: deps.vapid }),
    vehicles: createVehicleService(createVehicleLookup(deps.config, DEFAULT_DVLA_API_URL, logError)),
    vendors: createVendorService(deps.db),
    menuSearch: createMenuSearchService(databaseDishSource(deps.db)),
    cart,
    orderPlacement,
    payments: createPaymentService({
      db: deps.db,
      provider: createPaymentProvider(deps.config),
      orderPlacement,
      publicUrl: deps.config.publicUrl,
      logError,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
