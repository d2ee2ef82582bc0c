/**
 * The PostgreSQL pool's queue: a request waits DATABASE_CONNECT_TIMEOUT_MS of this process's running time for a
 * connection, then answers 503. A node starved of CPU (here: its event loop held for 2.5 s while requests queue)
 * must not count the stall as waiting: with the database healthy, 20 concurrent staff writes on one trailer all
 * succeed. And a request that really finds no connection still answers 503 after the configured wait, not later.
 */
import { openDatabase } from "@server/db/database.js";
import { openPostgres } from "@server/db/postgres.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../services";
import { startTestServer, type TestServer } from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };

/** Holds this process (as a starved CPU would) for `ms`. */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describe("the connection pool's queue", () => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer({ kind: "postgres" });
    const [{ name }] = (await server.db.query<{ name: string }>(
      "select current_database() as name",
    )) as [{ name: string }];
    const address = new URL(testDatabaseUrl);
    address.pathname = `/${name}`;
    url = address.toString();
  }, 60_000);
  afterAll(() => server?.close());

  it("answers 20 concurrent staff writes on one trailer, none 503, when the node stalls 2.5 s while they queue", async () => {
    const token = await server.login(MANAGER.email, MANAGER.password);
    const [trailer] = await server.db.query<{ id: number }>(
      "select id from vendors order by id limit 1",
    );
    const items = await server.db.query<{ id: number }>(
      "select id from menu_items where vendor_id = $1 order by id",
      [trailer!.id],
    );
    const writes = Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? server.request(`/api/staff/trailers/${trailer!.id}`, {
              method: "PATCH",
              body: { preparationTime: { min: 5 + index, max: 40 } },
              token,
            })
          : server.request(`/api/staff/menu-items/${items[index % items.length]!.id}`, {
              method: "PATCH",
              body: { soldOut: index % 4 === 1 },
              token,
            }),
      ),
    );
    // Once requests wait in the pool's queue, the process is starved of CPU for longer than the wait.
    await new Promise<void>((resolve) => {
      const watch = setInterval(() => {
        if ((server.db.poolStats?.().waiting ?? 0) === 0) return;
        clearInterval(watch);
        resolve();
      }, 1);
    });
    stall(2_500);
    const answers = await writes;
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  }, 60_000);

  it("answers 503 with Retry-After once a request has waited the configured time for a connection", async () => {
    const WAIT_MS = 500;
    const db = await openDatabase({ databaseUrl: url, poolSize: 2, connectTimeoutMs: WAIT_MS });
    const node = await startTestServer({ database: { ...server.database, db } });
    try {
      const token = await node.login(MANAGER.email, MANAGER.password);
      // Both connections busy for 3 s.
      const busy = [1, 2].map(() =>
        db.transaction((tx) => tx.query("select pg_sleep(3)")).catch(() => undefined),
      );
      let busyEnded = false;
      void Promise.all(busy).then(() => {
        busyEnded = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const answer = await node.request("/api/staff/trailers", { token });
      const waited = performance.now() - started;
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(waited).toBeGreaterThanOrEqual(WAIT_MS);
      // Refused after the configured wait, not after the busy connections came free.
      expect(busyEnded).toBe(false);
      await Promise.all(busy);
    } finally {
      await node.close();
      await db.close();
    }
  }, 60_000);

  it("fails a statement whose connection is cut while it is checked out, and the process and pool go on", async () => {
    const db = await openPostgres(url, { poolSize: 1 });
    const query = pg.Client.prototype.query;
    // The socket fails while the statement is out (the database terminated its sessions): pg emits 'error' on the
    // checked-out client, after the statement was sent. Unheard, that 'error' would end the process.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      setImmediate(() => this.emit("error", new Error("Connection terminated unexpectedly")));
      pg.Client.prototype.query = query;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await db.query("select $1::int as one", [1]).catch(() => undefined);
      // The cut connection was discarded: the next statement gets a new one.
      expect(await db.query("select $1::int as one", [1])).toEqual([{ one: 1 }]);
    } finally {
      pg.Client.prototype.query = query;
      await db.close();
    }
  });
});
