import pg from "pg";
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS } from "../config.js";
import { type Database, type Queryable, withoutParameters } from "./queryable.js";

// int8 (count(*), sums) fits comfortably in a JS number for this domain.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openPostgres(
  connectionString: string,
  options: { connectTimeoutMs?: number | undefined } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A query waits this long for a connection, then fails; answered 503 (db/unavailable.ts), not left hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
  });
  // An idle connection can be cut by the server (restart, failover, a dropped database). Without a listener
  // that error would crash the process; the pool replaces the connection on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  await pool.query("select 1");

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query(sql, params as unknown[]);
        return result.rows as Row[];
      } catch (error) {
        throw withoutParameters(error);
      }
    },
  });

  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out connection cut between two statements (the database restarting) emits 'error' on the
      // client, which the pool does not listen to then: unhandled, it would end the process. Noted here; the
      // next statement fails (503) and the connection is discarded on release.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on("error", onError);
      try {
        await client.query("begin");
        const result = await work(wrap(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.off("error", onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
}
