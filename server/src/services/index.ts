import type { Charges } from "@contract/pricing";
import type { ServerConfig } from "../config.js";
import type { Database } from "../db/database.js";
import type { DomainEvents } from "../events.js";
import { createAuthService } from "./auth/auth-service.js";
import type { TokenService } from "./auth/tokens.js";
import { createCartService } from "./cart/cart-service.js";
import { createCatalogue } from "./catalogue/catalogue.js";
import { createMenuSearchService, databaseDishSource } from "./catalogue/menu-search.js";
import { createVendorService } from "./catalogue/vendor-service.js";
import { createCheckoutService } from "./checkout/checkout-service.js";
import { createCompletePaid } from "./checkout/complete-paid.js";
import { createScheduler } from "./jobs/scheduler.js";
import { createBoardService } from "./kitchen/board-service.js";
import { createKitchenService } from "./kitchen/kitchen-service.js";
import type { CounterStore } from "./limits/counter-store.js";
import { createLoginThrottle } from "./limits/login-throttle.js";
import { createParkOperations } from "./operations/park-operations.js";
import { createOrderPlacementService } from "./orders/placement.js";
import { createOrderService } from "./orders/queries.js";
import type { OrderCaps } from "./orders/snapshot.js";
import { createOrderStatusService } from "./orders/status.js";
import { createPaymentProvider } from "./payments/index.js";
import { createPaymentService } from "./payments/payment-service.js";
import { createPersonalDataService } from "./privacy/personal-data.js";
import { createPushService, resolveVapidDetails } from "./push/index.js";
import { createReceiptService } from "./receipts/receipt-service.js";
import { createReportService } from "./reports/report-service.js";
import { createTextProviders } from "./texts/index.js";
import { createReadyTextService } from "./texts/ready-texts.js";
import { createVehicleLookup } from "./vehicles/index.js";
import { createVehicleService } from "./vehicles/vehicle-service.js";

export interface ServiceDeps {
  db: Database;
  tokens: TokenService;
  events: DomainEvents;
  /** Where failed sign-ins are counted: shared by every node when they share Redis. */
  limitsStore: CounterStore;
  /** The node's configuration, its secrets resolved (services/auth/shared-secrets.ts). */
  config: ServerConfig;
  /** Where services report failures they recover from (the app's logger). */
  logError: (error: unknown, context: string) => void;
}

/** Stripe with a key; the local test checkout only in test-payments mode; otherwise card payments are off. */
export function cardPaymentsMode(config: ServerConfig): "stripe" | "test" | "off" {
  if (config.stripeSecretKey) return "stripe";
  return config.paymentsTestMode ? "test" : "off";
}

export function orderCaps(config: ServerConfig): OrderCaps {
  return {
    linesMax: config.orderLinesMax,
    quantityMax: config.orderQuantityMax,
    totalMaxPence: config.orderTotalMaxPence,
  };
}

function loginThrottle(deps: ServiceDeps) {
  return createLoginThrottle({
    store: deps.limitsStore,
    maxFailuresPerAccount: deps.config.loginMaxFailuresPerAccount,
    maxFailuresPerAddress: deps.config.loginMaxFailuresPerAddress,
    windowMinutes: deps.config.loginFailureWindowMinutes,
    logError: deps.logError,
  });
}

export function createServices(deps: ServiceDeps) {
  const { logError } = deps;
  const charges: Charges = {
    serviceChargePence: deps.config.serviceChargePence,
    deliveryFeePence: deps.config.deliveryFeePence,
  };
  const cart = createCartService(deps.db, charges);
  const receipts = createReceiptService({ db: deps.db, park: deps.config.parkBusiness });
  const placement = createOrderPlacementService({
    db: deps.db,
    events: deps.events,
    carts: cart,
    caps: orderCaps(deps.config),
    parkVatRegistered: deps.config.parkBusiness.vatNumber !== null,
  });
  // Checkout's step for a paid payment, called by payments wherever a payment completes.
  const completePaid = createCompletePaid({
    events: deps.events,
    placement,
    issueReceipts: receipts.issueForOrder,
  });
  const payments = createPaymentService({
    db: deps.db,
    provider: createPaymentProvider(deps.config),
    completePaid,
    publicUrl: deps.config.publicUrl,
    cardPayments: cardPaymentsMode(deps.config),
    logError,
    creditNote: receipts.creditNoteForRefund,
    onOutcome: (outcome) => deps.events.emit("paymentOutcome", outcome),
  });
  const catalogue = createCatalogue({ db: deps.db, events: deps.events, logError });
  const privacy = createPersonalDataService({
    db: deps.db,
    personalDataDays: deps.config.personalDataDays,
  });
  const jobs = createScheduler({
    db: deps.db,
    logError,
    checkEveryMs: deps.config.jobsCheckSeconds * 1000,
    jobs: [
      // Transfers and reversals a node left mid-way (or a held share whose trailer now has a payout account).
      { name: "transfer-sweep", everyMs: 60_000, run: () => payments.transfers.sweep() },
      // Personal copies on old orders, stale carts and unused push subscriptions (services/privacy).
      { name: "personal-data", everyMs: 24 * 60 * 60_000, run: () => privacy.runRetention() },
    ],
  });
  const texts = createTextProviders(deps.config, deps.db);
  const readyTexts = createReadyTextService({
    db: deps.db,
    events: deps.events,
    provider: texts.provider,
    logError,
    sweepMs: deps.config.readyTextSweepMs,
  });
  const orderStatus = createOrderStatusService({
    db: deps.db,
    events: deps.events,
    afterMove: readyTexts.afterMove,
    refunds: payments,
    cashTaken: receipts.cashTaken,
  });
  return {
    /** Background jobs, each run by one node per interval (services/jobs/scheduler.ts). */
    jobs,
    /** Personal data retention and account deletion (services/privacy). */
    privacy,
    auth: createAuthService(deps.db, deps.tokens),
    /** Failed sign-ins per account, address and device (services/limits/login-throttle.ts). */
    loginThrottle: loginThrottle(deps),
    orders: createOrderService(deps.db),
    orderStatus,
    /** Receipts, VAT receipts and credit notes per trailer (services/receipts). */
    receipts,
    /** The park manager's report per trailer (services/reports). */
    reports: createReportService({ db: deps.db }),
    /** The kitchen screen: tickets, versioned staff moves, check-off, recall, all-day counts, thresholds. */
    kitchen: createKitchenService({ db: deps.db, events: deps.events, orderStatus }),
    /** The pickup board and its read-only accounts. */
    board: createBoardService({ db: deps.db, events: deps.events }),
    /** "Text me when it's ready": settings, the due texts and their sweeper. */
    readyTexts,
    /** The local provider's record of texts (development and tests only; null otherwise). */
    recordedTexts: texts.local,
    push: createPushService({
      db: deps.db,
      vapid: resolveVapidDetails(deps.config),
      allowPrivateEndpoints: deps.config.pushAllowPrivateEndpoints,
      subscriptionsMax: deps.config.pushSubscriptionsPerCustomerMax,
      noticeToken: (orderId, status) => deps.tokens.signNotice(orderId, status),
    }),
    vehicles: createVehicleService(createVehicleLookup(deps.config, logError)),
    vendors: createVendorService(deps.db),
    /** The public catalogue from memory; reload() re-reads it (also on `catalogueChanged`). */
    catalogue,
    /** Every operational change (trailer status, hours, sold out), audited and announced. */
    parkOperations: createParkOperations({ db: deps.db, events: deps.events, catalogue }),
    menuSearch: createMenuSearchService(databaseDishSource(deps.db)),
    cart,
    payments,
    /** The service charge and delivery fee every cart and order pays (public: GET /api/config). */
    charges,
    /** The one way to buy: POST /orders, the card payment's create-intent and POST /checkout. */
    checkout: createCheckoutService({
      db: deps.db,
      carts: cart,
      placement,
      payments,
      completePaid,
      cashAtParkTill: deps.config.cashAtParkTill,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
