import fp from "fastify-plugin";
import type { ServerConfig } from "../config.js";
import { type Database, openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { seedDemoPark } from "../db/seed.js";
import type { DomainEvents } from "../events.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  config: ServerConfig;
  /** An already open database (tests); the app then does not close it. */
  database?: Database | undefined;
  seed?: boolean;
  /** Told `catalogueChanged` when the seed wrote the catalogue (other nodes then reload theirs). */
  events?: DomainEvents;
}

export default fp<DbPluginOptions>(
  async (app, { config, database, seed = config.demoData, events }) => {
    const db =
      database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        dataDir: config.dataDir,
        durable: config.pgliteDurable,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
      }));
    if (!database) app.addHook("onClose", () => db.close());
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, "database migrated");
    if (seed && (await seedDemoPark(db))) events?.emit("catalogueChanged");
    app.decorate("db", db);
  },
  { name: "db" },
);
