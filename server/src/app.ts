import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.js";
import type { Database } from "./db/database.js";
import { DomainEvents } from "./events.js";
import { requestSerializer } from "./logging.js";
import authPlugin from "./plugins/auth.js";
import dbPlugin from "./plugins/db.js";
import pushPlugin from "./plugins/push.js";
import securityPlugin from "./plugins/security.js";
import staticPlugin from "./plugins/static.js";
import realtimePlugin from "./realtime/socket-server.js";
import authRoutes from "./routes/auth/index.js";
import cartRoutes from "./routes/cart/index.js";
import healthRoutes from "./routes/health/index.js";
import orderCreateRoutes from "./routes/orders/create.js";
import paymentRoutes from "./routes/payments/index.js";
import testCheckoutRoutes from "./routes/payments/test-checkout.js";
import vehicleRoutes from "./routes/vehicles/index.js";
import menuRoutes from "./routes/menu/index.js";
import menuSearchRoutes from "./routes/menu-search/index.js";
import orderRoutes from "./routes/orders/index.js";
import pushRoutes from "./routes/push/index.js";
import staffRoutes from "./routes/staff/index.js";
import vendorRoutes from "./routes/vendors/index.js";
import { createServices, type Services } from "./services/index.js";
import { resolveVapidDetails } from "./services/push/index.js";
import { TEST_CHECKOUT_PATH } from "./services/payments/test-provider.js";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    events: DomainEvents;
  }
}

export interface AppDependencies {
  /** An open database to use instead of opening one from the config (tests). */
  database?: Database;
  logger?: boolean;
}

/** Composes plugins and routes; the rules live in services. */
export async function buildApp(config: ServerConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, serializers: { req: requestSerializer } },
    bodyLimit: 64 * 1024,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A first start creates, migrates and seeds the database: on a busy machine that outlasts
    // Fastify's default 10 s per plugin, and the server would exit instead of starting.
    pluginTimeout: 120_000,
  });

  await app.register(securityPlugin);
  await app.register(dbPlugin, { config, database: deps.database });
  await app.register(authPlugin, { config });
  app.decorate("events", new DomainEvents());
  const vapid = resolveVapidDetails(config);
  const charges = { serviceChargePence: config.serviceChargePence, deliveryFeePence: config.deliveryFeePence };
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
  await app.register(realtimePlugin);
  await app.register(pushPlugin);

  await app.register(authRoutes, { prefix: "/auth", loginRateLimitPerMinute: config.loginRateLimitPerMinute });
  await app.register(
    async (api) => {
      api.get("/", async () => ({ message: "Food Park API" }));
      await api.register(pushRoutes, { prefix: "/push" });
      await api.register(vendorRoutes, { prefix: "/vendors" });
      await api.register(menuRoutes, { prefix: "/menu-items" });
      await api.register(menuSearchRoutes, { prefix: "/menu-search" });
      await api.register(cartRoutes, { prefix: "/cart" });
      await api.register(vehicleRoutes);
      await api.register(orderCreateRoutes);
      await api.register(paymentRoutes, { prefix: "/payments/stripe" });
    },
    { prefix: "/api" },
  );
  await app.register(orderRoutes, { prefix: "/api/orders" });
  await app.register(staffRoutes, { prefix: "/api/staff" });
  if (app.services.payments.providerName === "test") {
    await app.register(testCheckoutRoutes, { prefix: TEST_CHECKOUT_PATH });
  }
  await app.register(healthRoutes);
  await app.register(staticPlugin, { clientDir: config.clientDir });
  return app;
}
