import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  DEFAULT_LOGIN_FAILURE_WINDOW_MINUTES,
  DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
  DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE,
  productionProblems,
  type ServerConfig,
  socketLimitsOf,
  stripeJsKey,
} from "./config.js";
import type { Database } from "./db/database.js";
import { DomainEvents } from "./events.js";
import { readAppName } from "./lib/app-name.js";
import { LOG_REDACT_PATHS, requestSerializer } from "./logging.js";
import accessLogPlugin from "./plugins/access-log.js";
import authPlugin from "./plugins/auth.js";
import compressPlugin from "./plugins/compress.js";
import dbPlugin from "./plugins/db.js";
import errorHandlerPlugin from "./plugins/error-handler.js";
import inputGuardPlugin from "./plugins/input-guard.js";
import metricsPlugin from "./plugins/metrics.js";
import pushPlugin from "./plugins/push.js";
import redisPlugin from "./plugins/redis.js";
import securityPlugin from "./plugins/security.js";
import staticPlugin from "./plugins/static.js";
import { relayCrossNodeEvents } from "./realtime/event-relay.js";
import realtimePlugin from "./realtime/socket-server.js";
import authRoutes from "./routes/auth/index.js";
import cartRoutes from "./routes/cart/index.js";
import checkoutRoutes from "./routes/checkout/index.js";
import configRoutes from "./routes/config/index.js";
import healthRoutes from "./routes/health/index.js";
import menuRoutes from "./routes/menu/index.js";
import menuSearchRoutes from "./routes/menu-search/index.js";
import openApiRoutes from "./routes/openapi/index.js";
import orderCreateRoutes from "./routes/orders/create.js";
import orderRoutes from "./routes/orders/index.js";
import paymentRoutes from "./routes/payments/index.js";
import testCheckoutRoutes from "./routes/payments/test-checkout.js";
import pushRoutes from "./routes/push/index.js";
import staffRoutes from "./routes/staff/index.js";
import vehicleRoutes from "./routes/vehicles/index.js";
import vendorRoutes from "./routes/vendors/index.js";
import { createServices, type Services } from "./services/index.js";
import { memoryCounterStore } from "./services/limits/counter-store.js";
import { redisCounterStoreWithFallback } from "./services/limits/fallback-store.js";
import { TEST_CHECKOUT_PATH } from "./services/payments/test-provider.js";
import { resolveVapidDetails } from "./services/push/index.js";
import { resolveNodeSecrets } from "./services/shared-secrets.js";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    events: DomainEvents;
    /** Every route registered (method and URL), for tests that must cover all of them. */
    routeList: { method: string; url: string }[];
  }
}

export interface AppDependencies {
  /** An open database to use instead of opening one from the config (tests). */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
}

/** Composes plugins and routes; the rules live in services. */
export async function buildApp(
  config: ServerConfig,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const problems = productionProblems(config);
  if (problems.length > 0)
    throw new Error(`Refusing to start in production:\n  ${problems.join("\n  ")}`);
  const requestTimeout = config.requestTimeoutMs || DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer },
            redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // No log line per request: plugins/access-log.ts counts them and logs slow ones; errors log themselves.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // A whole request (headers and body) must arrive in time: slow dribblers are cut off, not kept open.
    requestTimeout,
    // Node checks that deadline on a timer: often enough that a cut comes within ~1.25 × the timeout.
    http: {
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    // A connection with no bytes either way for 2 minutes is closed (socket.io pings far more often).
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A first start creates, migrates and seeds the database: on a busy machine that outlasts
    // Fastify's default 10 s per plugin, and the server would exit instead of starting.
    pluginTimeout: 120_000,
  });

  // Node enforces requestTimeout only when the headers deadline is no later than it (Node 20): keep them equal.
  app.server.headersTimeout = requestTimeout;

  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  await app.register(accessLogPlugin);
  // Before any route: every route answers its errors, and unknown addresses, the same way.
  await app.register(errorHandlerPlugin);
  await app.register(redisPlugin, { config });
  await app.register(securityPlugin, { stripeJs: stripeJsKey(config) !== null });
  await app.register(inputGuardPlugin);
  // Before any route: API JSON above 1 KB goes out compressed (not what already carries Content-Encoding).
  await app.register(compressPlugin);
  app.decorate("events", new DomainEvents());
  await app.register(dbPlugin, { config, database: deps.database, events: app.events });
  // Before the routes, so every route's answers are counted.
  await app.register(metricsPlugin, { token: config.metricsToken });
  // Several nodes on one PostgreSQL must sign with the same secrets: kept in the database unless set in the env.
  const nodeConfig: ServerConfig = { ...config, ...(await resolveNodeSecrets(app.db, config)) };
  await app.register(authPlugin, { config: nodeConfig });
  const vapid = resolveVapidDetails(nodeConfig);
  const charges = {
    serviceChargePence: config.serviceChargePence,
    deliveryFeePence: config.deliveryFeePence,
  };
  app.decorate(
    "services",
    createServices({
      db: app.db,
      tokens: app.tokens,
      events: app.events,
      vapid,
      config,
      charges,
      logError: (error, context) => app.log.error({ err: error }, context),
    }),
  );
  // The catalogue's first snapshot, before any route can read it; it follows `catalogueChanged` from here.
  await app.services.catalogue.start();
  app.addHook("onClose", async () => app.services.catalogue.stop());
  await app.register(realtimePlugin, {
    limits: socketLimitsOf(config),
    trustProxyHops: config.trustProxyHops,
  });
  await app.register(pushPlugin);
  if (app.shared) await relayCrossNodeEvents(app, app.shared);

  await app.register(authRoutes, {
    prefix: "/auth",
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
    secureCookies: config.production === true,
    registerRateLimitPer10Minutes:
      config.registerRateLimitPer10Minutes ?? DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES,
    throttle: {
      store: app.shared
        ? redisCounterStoreWithFallback(app.shared.client, `${app.shared.prefix}limits:`)
        : memoryCounterStore(),
      maxFailuresPerAccount:
        config.loginMaxFailuresPerAccount ?? DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress:
        config.loginMaxFailuresPerAddress ?? DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: config.loginFailureWindowMinutes ?? DEFAULT_LOGIN_FAILURE_WINDOW_MINUTES,
    },
  });
  await app.register(
    async (api) => {
      api.get("/", async () => ({ message: "Food Park API" }));
      // The OpenAPI document; its interactive explorer in development only.
      await api.register(openApiRoutes, { explorer: !config.production });
      await api.register(configRoutes, { prefix: "/config" });
      await api.register(pushRoutes, { prefix: "/push" });
      await api.register(vendorRoutes, { prefix: "/vendors" });
      await api.register(menuRoutes, { prefix: "/menu-items" });
      await api.register(menuSearchRoutes, { prefix: "/menu-search" });
      await api.register(cartRoutes, { prefix: "/cart" });
      await api.register(checkoutRoutes);
      await api.register(vehicleRoutes, {
        lookupsPerMinute:
          config.vehicleLookupRateLimitPerMinute ?? DEFAULT_VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(orderCreateRoutes);
      await api.register(paymentRoutes, {
        prefix: "/payments/stripe",
        publishableKey: stripeJsKey(config),
      });
    },
    { prefix: "/api" },
  );
  await app.register(orderRoutes, { prefix: "/api/orders" });
  await app.register(staffRoutes, { prefix: "/api/staff" });
  if (app.services.payments.cardPayments === "test") {
    await app.register(testCheckoutRoutes, {
      prefix: TEST_CHECKOUT_PATH,
      appName: readAppName(config.clientDir),
    });
  }
  if (config.production && config.demoData) {
    app.log.warn(
      "DEMO_DATA=1: the demo park and its demo accounts (published passwords) exist in production",
    );
  }
  if (config.production && app.services.payments.cardPayments === "test") {
    app.log.warn(
      "PAYMENTS_TEST_MODE=1: card payments go to a local test checkout and move no money",
    );
  }
  if (config.production && app.services.payments.cardPayments === "off") {
    app.log.warn(
      "no STRIPE_SECRET_KEY: card payments are refused; customers can pay cash at the counter",
    );
  }
  await app.register(healthRoutes);
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
