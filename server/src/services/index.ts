import type { Charges } from "@contract/pricing";
import { DEFAULT_DVLA_API_URL, type ServerConfig } from "../config.js";
import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth-service.js";
import { createCartService } from "./cart-service.js";
import { createCatalogue } from "./catalogue.js";
import { createCheckoutService } from "./checkout/checkout-service.js";
import { createMenuSearchService, databaseDishSource } from "./menu-search.js";
import { createOrderPlacementService } from "./orders/placement.js";
import { createOrderService } from "./orders/queries.js";
import { DEFAULT_ORDER_CAPS, type OrderCaps } from "./orders/snapshot.js";
import { createOrderStatusService } from "./orders/status.js";
import { createParkOperations } from "./park-operations.js";
import { createPaymentProvider } from "./payments/index.js";
import { createPaymentService } from "./payments/payment-service.js";
import { createPushService, type VapidDetails } from "./push/index.js";
import type { TokenService } from "./tokens.js";
import { createVehicleService } from "./vehicle-service.js";
import { createVehicleLookup } from "./vehicles/index.js";
import { createVendorService } from "./vendor-service.js";

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

/** Stripe with a key; the local test checkout only in test-payments mode; otherwise card payments are off. */
export function cardPaymentsMode(config: ServerConfig): "stripe" | "test" | "off" {
  if (config.stripeSecretKey) return "stripe";
  return config.paymentsTestMode === false ? "off" : "test";
}

export function orderCaps(config: ServerConfig): OrderCaps {
  return {
    linesMax: config.orderLinesMax ?? DEFAULT_ORDER_CAPS.linesMax,
    quantityMax: config.orderQuantityMax ?? DEFAULT_ORDER_CAPS.quantityMax,
    totalMaxPence: config.orderTotalMaxPence ?? DEFAULT_ORDER_CAPS.totalMaxPence,
  };
}

export function createServices(deps: ServiceDeps) {
  const logError =
    deps.logError ?? ((error: unknown, context: string) => console.error(context, error));
  const cart = createCartService(deps.db, deps.charges);
  const placement = createOrderPlacementService({
    db: deps.db,
    events: deps.events,
    carts: cart,
    caps: orderCaps(deps.config),
  });
  const payments = createPaymentService({
    db: deps.db,
    provider: createPaymentProvider(deps.config),
    events: deps.events,
    publicUrl: deps.config.publicUrl,
    cardPayments: cardPaymentsMode(deps.config),
    logError,
    onOutcome: (outcome) => deps.events.emit("paymentOutcome", outcome),
  });
  const catalogue = createCatalogue({ db: deps.db, events: deps.events, logError });
  return {
    auth: createAuthService(deps.db, deps.tokens),
    orders: createOrderService(deps.db),
    orderStatus: createOrderStatusService({ db: deps.db, events: deps.events }),
    push: createPushService({
      db: deps.db,
      vapid: deps.vapid,
      allowPrivateEndpoints: deps.config.pushAllowPrivateEndpoints === true,
      subscriptionsMax: deps.config.pushSubscriptionsPerCustomerMax,
    }),
    vehicles: createVehicleService(
      createVehicleLookup(deps.config, DEFAULT_DVLA_API_URL, logError),
    ),
    vendors: createVendorService(deps.db),
    /** The public catalogue from memory; reload() re-reads it (also on `catalogueChanged`). */
    catalogue,
    /** Every operational change (trailer status, hours, sold out), audited and announced. */
    parkOperations: createParkOperations({ db: deps.db, events: deps.events, catalogue }),
    menuSearch: createMenuSearchService(databaseDishSource(deps.db)),
    cart,
    payments,
    /** The service charge and delivery fee every cart and order pays (public: GET /api/config). */
    charges: deps.charges,
    /** The one way to buy: POST /orders, the card payment's create-intent and POST /checkout. */
    checkout: createCheckoutService({
      db: deps.db,
      events: deps.events,
      carts: cart,
      placement,
      payments,
      cashAtParkTill: deps.config.cashAtParkTill ?? false,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
