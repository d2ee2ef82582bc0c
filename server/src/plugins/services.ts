import fp from "fastify-plugin";
import type { ServerConfig } from "../config.js";
import { resolveNodeSecrets } from "../services/auth/shared-secrets.js";
import { createServices, type Services } from "../services/index.js";
import { watchBasketsReady } from "../services/kitchen/basket-ready.js";
import { memoryCounterStore } from "../services/limits/counter-store.js";
import { redisCounterStoreWithFallback } from "../services/limits/fallback-store.js";
import authPlugin from "./auth.js";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The node's secrets, sign-in, and the services every route uses; the catalogue's first snapshot is read before
 * any route can ask for it, and it follows `catalogueChanged` from then on.
 */
export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    // Several nodes on one PostgreSQL must sign with the same secrets: kept in the database unless set in the env.
    const nodeConfig: ServerConfig = { ...config, ...(await resolveNodeSecrets(app.db, config)) };
    await app.register(authPlugin, { config: nodeConfig });
    app.decorate(
      "services",
      createServices({
        db: app.db,
        tokens: app.tokens,
        events: app.events,
        // Counted in Redis when nodes share it (this node's memory while it is away), else in memory.
        limitsStore: app.shared
          ? redisCounterStoreWithFallback(
              app.shared.client,
              `${app.shared.prefix}limits:`,
              app.shared.circuit,
            )
          : memoryCounterStore(),
        config: nodeConfig,
        logError: (error, context) => app.log.error({ err: error }, context),
      }),
    );
    await app.services.catalogue.start();
    app.addHook("onClose", async () => app.services.catalogue.stop());
    app.services.jobs.start();
    app.addHook("onClose", async () => app.services.jobs.stop());
    // Ready texts that fell due (also those a restart left waiting) are sent by every node's sweeper.
    app.services.readyTexts.start();
    app.addHook("onClose", async () => app.services.readyTexts.stop());
    const stopWatchingBaskets = watchBasketsReady(app.db, app.events, (error, context) =>
      app.log.error({ err: error }, context),
    );
    app.addHook("onClose", async () => stopWatchingBaskets());
    warnAboutProductionChoices(app.log, config, app.services.payments.cardPayments);
  },
  { name: "services", dependencies: ["db", "redis"] },
);

/** Choices a production park may make on purpose, said out loud at every start. */
function warnAboutProductionChoices(
  log: { warn(message: string): void },
  config: ServerConfig,
  cardPayments: "stripe" | "test" | "off",
): void {
  if (!config.production) return;
  if (config.demoData)
    log.warn(
      "DEMO_DATA=1: the demo park and its demo accounts (published passwords) exist in production",
    );
  if (cardPayments === "test")
    log.warn("PAYMENTS_TEST_MODE=1: card payments go to a local test checkout and move no money");
  if (cardPayments === "off")
    log.warn(
      "no STRIPE_SECRET_KEY: card payments are refused; customers can pay cash at the counter",
    );
}
