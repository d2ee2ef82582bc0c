import { hasTradingLine } from "@contract/vendor-rules";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { assertMayStart, type ServerConfig, socketLimitsOf, stripeJsKey } from "./config.js";
import type { Database } from "./db/database.js";
import { DomainEvents } from "./events.js";
import accessLogPlugin from "./plugins/access-log.js";
import compressPlugin from "./plugins/compress.js";
import dbPlugin from "./plugins/db.js";
import errorHandlerPlugin from "./plugins/error-handler.js";
import inputGuardPlugin from "./plugins/input-guard.js";
import metricsPlugin from "./plugins/metrics.js";
import pushPlugin from "./plugins/push.js";
import redisPlugin from "./plugins/redis.js";
import routeContractPlugin from "./plugins/route-contract.js";
import routeListPlugin from "./plugins/route-list.js";
import securityPlugin from "./plugins/security.js";
import servicesPlugin from "./plugins/services.js";
import staticPlugin from "./plugins/static.js";
import { relayCrossNodeEvents } from "./realtime/event-relay.js";
import realtimePlugin from "./realtime/socket-server.js";
import { serverOptions } from "./server-options.js";

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

/** A routes/<folder>/index.ts: its routes, and where they live when not at /api/<folder>. */
interface RouteFolder {
  default: FastifyPluginAsync;
  /** The prefix when it is not `/api/<folder>`: `/auth` (the spec's), `` (the health probes), `/api`. */
  mountAt?: string;
}

/**
 * Every resource's routes, one folder each, mounted at the folder's name under /api (routes/cart → /api/cart);
 * a folder that lives elsewhere says so with `mountAt`. Found by the bundler: a new folder needs no list.
 */
const ROUTE_FOLDERS = import.meta.glob<RouteFolder>("./routes/*/index.ts", { eager: true });

function routeFolders(): { prefix: string; routes: FastifyPluginAsync }[] {
  return Object.entries(ROUTE_FOLDERS).map(([file, folder]) => {
    const name = file.split("/")[2];
    return { prefix: folder.mountAt ?? `/api/${name}`, routes: folder.default };
  });
}

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
  // Before any route: each route's declared contract validates its input and checks who may call.
  await app.register(routeContractPlugin);
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

  for (const { prefix, routes } of routeFolders()) await app.register(routes, { prefix });

  await app.register(staticPlugin, {
    clientDir: config.clientDir,
    serveSourceMaps: !config.production,
    shellFacts: { testPayments: app.services.payments.cardPayments === "test" },
    firstTrailers: () =>
      app.services.catalogue
        .activeVendors()
        .slice(0, 3)
        .map((vendor) => ({ picture: vendor.image, tradingLine: hasTradingLine(vendor) })),
  });
  return app;
}
