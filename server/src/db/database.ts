/** The one data-access seam: parameterised SQL over embedded PGlite or a real PostgreSQL server. */
export type { Database, Queryable } from "./queryable.js";
export { withoutParameters } from "./queryable.js";

import type { Database } from "./queryable.js";

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: connections in the pool (default: config.ts's DEFAULT_DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
  dataDir?: string | undefined;
  /** Embedded database only: flush each commit to disk (see pglite.ts). */
  durable?: boolean | undefined;
  /** PostgreSQL only: how long a query waits for a connection (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./postgres.js");
    return openPostgres(options.databaseUrl, {
      connectTimeoutMs: options.connectTimeoutMs,
      poolSize: options.poolSize,
    });
  }
  const { openPglite } = await import("./pglite.js");
  return openPglite(options.dataDir, { durable: options.durable ?? false });
}
