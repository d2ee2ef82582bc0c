import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { assertMayStart, type ServerConfig, socketLimitsOf, stripeJsKey } from "./config.js";
import type { Database } from "./db/database.js";
import { DomainEvents } from "./events.js";
import { readAppName } from "./lib/app-name.js";
import accessLogPlugin from "./plugins/access-log.js";
import compressPlugin from "./plugins/compress.js";
import dbPlugin from "./plugins/db.js";
import errorHandlerPlugin from "./plugins/error-handler.js";
import inputGuardPlugin from "./plugins/input-guard.js";
import metricsPlugin from "./plugins/metrics.js";
import pushPlugin from "./plugins/push.js";
import redisPlugin from "./plugins/redis.js";
import routeListPlugin from "./plugins/route-list.js";
import securityPlugin from "./plugins/security.js";
import servicesPlugin from "./plugins/services.js";
import staticPlugin from "./plugins/static.js";
import { relayCrossNodeEvents } from "./realtime/event-relay.js";
import realtimePlugin from "./realtime/socket-server.js";
import accountRoutes from "./routes/account/index.js";
import apiRoutes from "./routes/api/index.js";
import authRoutes from "./routes/auth/index.js";
import cartRoutes from "./routes/cart/index.js";
import checkoutRoutes from "./routes/checkout/index.js";
import checkoutsRoutes from "./routes/checkouts/index.js";
import configRoutes from "./routes/config/index.js";
import healthRoutes from "./routes/health/index.js";
import menuItemRoutes from "./routes/menu-items/index.js";
import menuSearchRoutes from "./routes/menu-search/index.js";
import orderRoutes from "./routes/orders/index.js";
import paymentRoutes from "./routes/payments/index.js";
import testCheckoutRoutes from "./routes/payments/test-checkout.js";
import profileRoutes from "./routes/profile/index.js";
import pushRoutes from "./routes/push/index.js";
import receiptRoutes from "./routes/receipts/index.js";
import staffRoutes from "./routes/staff/index.js";
import testTextRoutes from "./routes/test-texts/index.js";
import vehicleLookupRoutes from "./routes/vehicle-lookup/index.js";
import vendorRoutes from "./routes/vendors/index.js";
import { serverOptions } from "./server-options.js";
import { TEST_CHECKOUT_PATH } from "./services/payments/test-provider.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's settings, every one defaulted (config.ts). */
    config: ServerConfig;
    events: DomainEvents;
  }
}

export interface AppDependencies {
  /** An open database to use instead of opening one from the config (tests). */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
}

/**
 * Every resource's routes, mounted at the folder's name (routes/<name>/): the spec's `/auth/...` calls at the
 * root, the rest under `/api`. The health probes answer at the root (/healthz, /readyz), where orchestrators look.
 */
const ROUTES: [prefix: string, routes: FastifyPluginAsync][] = [
  ["/auth", authRoutes],
  ["/api", apiRoutes],
  ["/api/config", configRoutes],
  ["/api/push", pushRoutes],
  ["/api/vendors", vendorRoutes],
  ["/api/menu-items", menuItemRoutes],
  ["/api/menu-search", menuSearchRoutes],
  ["/api/cart", cartRoutes],
  ["/api/checkout", checkoutRoutes],
  ["/api/checkouts", checkoutsRoutes],
  ["/api/orders", orderRoutes],
  ["/api/receipts", receiptRoutes],
  ["/api/account", accountRoutes],
  ["/api/payments", paymentRoutes],
  ["/api/vehicle-lookup", vehicleLookupRoutes],
  ["/api/staff", staffRoutes],
  ["/api/profile", profileRoutes],
  ["", healthRoutes],
];

/** Composes plugins and routes; the rules live in services. */
export async function buildApp(
  config: ServerConfig,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  assertMayStart(config);
  const app = Fastify(serverOptions(config, deps));
  // Node enforces requestTimeout only when the headers deadline is no later than it (Node 20): keep them equal.
  app.server.headersTimeout = config.requestTimeoutMs;
  app.decorate("config", config);
  app.decorate("events", new DomainEvents());

  await app.register(routeListPlugin);
  await app.register(accessLogPlugin);
  // Before any route: every route answers its errors, and unknown addresses, the same way.
  await app.register(errorHandlerPlugin);
  await app.register(redisPlugin, { config });
  await app.register(securityPlugin, { stripeJs: stripeJsKey(config) !== null });
  await app.register(inputGuardPlugin);
  // Before any route: API JSON above 1 KB goes out compressed (not what already carries Content-Encoding).
  await app.register(compressPlugin);
  await app.register(dbPlugin, { config, database: deps.database, events: app.events });
  // Before the routes, so every route's answers are counted.
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(servicesPlugin, { config });
  await app.register(realtimePlugin, {
    limits: socketLimitsOf(config),
    trustProxyHops: config.trustProxyHops,
  });
  await app.register(pushPlugin);
  if (app.shared) await relayCrossNodeEvents(app, app.shared);

  for (const [prefix, routes] of ROUTES) await app.register(routes, { prefix });
  await registerTestCheckout(app);
  // The local text provider's record, only where texts are recorded instead of sent (never in production).
  if (app.services.recordedTexts) await app.register(testTextRoutes, { prefix: "/api/test" });

  await app.register(staticPlugin, {
    clientDir: config.clientDir,
    serveSourceMaps: !config.production,
    shellFacts: { testPayments: app.services.payments.cardPayments === "test" },
    trailerPictures: () =>
      app.services.catalogue
        .activeVendors()
        .slice(0, 3)
        .map((vendor) => vendor.image),
  });
  return app;
}

/** The local test checkout's page (/pay/test-checkout), only where card payments go to the test provider. */
async function registerTestCheckout(app: FastifyInstance): Promise<void> {
  if (app.services.payments.cardPayments !== "test") return;
  await app.register(testCheckoutRoutes, {
    prefix: TEST_CHECKOUT_PATH,
    appName: readAppName(app.config.clientDir),
  });
}
