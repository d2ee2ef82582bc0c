import { createHash } from "node:crypto";
import pg from "pg";
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_POOL_SIZE } from "../config.js";
import {
  type Database,
  isStalePlan,
  type ListenHandlers,
  MAX_PREPARED_STATEMENTS,
  type Queryable,
  withoutParameters,
} from "./queryable.js";

// int8 (count(*), sums) fits comfortably in a JS number for this domain.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Parameterised statements run as named prepared statements: each connection parses and plans a statement once
 * and then only binds and executes it (pg keeps the names per connection). The name is derived from the text.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `fp_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    if (statementNames.size < MAX_PREPARED_STATEMENTS) statementNames.set(sql, name);
  }
  return name;
}

export async function openPostgres(
  connectionString: string,
  options: { poolSize?: number | undefined; connectTimeoutMs?: number | undefined } = {},
): Promise<Database> {
  const waitMs = options.connectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
    // The pool's own limit is only a backstop (a connection attempt that hangs): `checkout` below decides when a
    // request stops waiting, and answers 503 (db/unavailable.ts), never leaving it hanging.
    connectionTimeoutMillis: Math.max(waitMs * 3, 10_000),
  });
  // An idle connection can be cut by the server (restart, failover, a dropped database). Without a listener
  // that error would crash the process; the pool replaces the connection on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  await pool.query("select 1");

  const checkout = () => checkoutWithin(pool, waitMs);
  /** A statement outside a transaction: a connection of its own for it, as pg's pool.query does. */
  const alone = {
    async query(...args: Parameters<pg.PoolClient["query"]>) {
      const client = await checkout();
      let failed: Error | undefined;
      // A checked-out connection has no 'error' listener of the pool's: cut while it is out (the database restarting,
      // its sessions terminated), pg emits 'error' on it, which unheard would end the process. Noted here instead;
      // the statement fails (503) and the connection is discarded on release.
      const onError = (error: Error) => {
        failed = error;
      };
      client.on("error", onError);
      try {
        return await (client.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
      } catch (error) {
        failed = error as Error;
        throw error;
      } finally {
        client.off("error", onError);
        client.release(failed);
      }
    },
  } as unknown as pg.Pool;

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        if (params.length === 0) return (await target.query(sql)).rows as Row[];
        const values = params as unknown[];
        try {
          return (await target.query({ name: statementName(sql), text: sql, values }))
            .rows as Row[];
        } catch (error) {
          // Inside a transaction the failed statement has aborted it: only the caller can start over.
          if (!isStalePlan(error) || target !== alone) throw error;
          return (await target.query(sql, values)).rows as Row[];
        }
      } catch (error) {
        throw withoutParameters(error);
      }
    },
  });

  return {
    kind: "postgres",
    ...wrap(alone),
    async transaction(work) {
      const client = await checkout();
      // A checked-out connection cut between two statements (the database restarting) emits 'error' on the
      // client, which the pool does not listen to then: unhandled, it would end the process. Noted here; the
      // next statement fails (503) and the connection is discarded on release.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on("error", onError);
      let released = false;
      try {
        await client.query("begin");
        const result = await work(wrap(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        // A connection holding stale prepared plans is closed, not reused: the caller's retry gets a fresh one.
        if (isStalePlan(error)) {
          released = true;
          client.release(true);
        }
        throw error;
      } finally {
        client.off("error", onError);
        if (!released) client.release(broken);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    listen: (channel, handlers) => listenOn(connectionString, channel, handlers, waitMs),
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
  };
}

/** How often a waiting checkout looks at the time it has waited. */
const WAIT_TICK_MS = 50;

/**
 * A connection from the pool within `waitMs` of waiting, else the pool's own "timeout exceeded" error (a 503). The
 * wait counts only time this process could run: a node starved of CPU (or paused) for a while wakes to its timers
 * before the answers that free connections, and a plain timer would then refuse the queue at once, with the
 * database healthy. A stall counts as one tick at most, and the refusal waits for the I/O already arrived.
 */
export function checkoutWithin(pool: pg.Pool, waitMs: number): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let waited = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      waited += Math.min(now - last, 2 * WAIT_TICK_MS);
      last = now;
      if (waited < waitMs) return;
      clearInterval(ticker);
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new Error("timeout exceeded when trying to connect"));
      });
    }, WAIT_TICK_MS);
    pool.connect().then(
      (client) => {
        clearInterval(ticker);
        // Answered after this request gave up: straight back to the pool for the next one.
        if (settled) return client.release();
        settled = true;
        resolve(client);
      },
      (error: unknown) => {
        clearInterval(ticker);
        if (settled) return;
        settled = true;
        reject(error);
      },
    );
  });
}

/** After a lost listener connection, the next attempt; a database that is away is tried this often. */
const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work): reconnects by itself after the
 * connection is cut, telling `lost` then and `listening` once it is back in place.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  connectTimeoutMs: number,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (gone: pg.Client) => {
    if (client !== gone) return;
    client = null;
    handlers.lost();
    if (!stopped) retry = setTimeout(() => void attempt(), LISTEN_RETRY_MS).unref();
  };
  async function attempt(): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
    next.on("notification", (note) => {
      if (note.channel === channel && note.payload !== undefined) handlers.message(note.payload);
    });
    // A cut connection: 'error' then 'end' (without the listener the error would end the process).
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) return void next.end().catch(() => undefined);
      handlers.listening();
    } catch {
      lost(next);
      next.end().catch(() => undefined);
    }
  }
  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
