// Idle resident memory of the built server after start (catalogue loaded): on PGlite a first start (a new data
// directory: created, migrated, seeded) and a later start on that directory, and on PostgreSQL. The PGlite
// server's memory after the orders run is in the orders section.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_PROCESS_ENV } from "../lib/server-process-env.mjs";
import { freshPostgres, round, rssMb, sleep, startBuiltServer } from "./lib.mjs";

const SETTLE_MS = 10_000;
const TARGETS = { pglite: 300, postgres: 150 };
/** The same starts without the environment `npm start` sets (glibc's dynamic mmap threshold left on). */
const WITHOUT_PROCESS_ENV = Object.fromEntries(
  Object.keys(SERVER_PROCESS_ENV).map((name) => [name, null]),
);

async function idleRss(ctx, index, options) {
  const server = await startBuiltServer({
    root: ctx.root,
    port: ctx.port(index + 1),
    log: ctx.log,
    ...options,
  });
  try {
    await sleep(SETTLE_MS);
    return round(rssMb(server.pid));
  } finally {
    await server.stop();
  }
}

export default {
  name: "memory",
  title: "Idle RSS after start",
  async run(ctx) {
    const results = {};
    for (const [suffix, env] of [
      ["", {}],
      ["Untuned", WITHOUT_PROCESS_ENV],
    ]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-bench-memory-"));
      try {
        results[`pgliteFirstStart${suffix}`] = await idleRss(ctx, 0, { dataDir, env });
        results[`pgliteLaterStart${suffix}`] = await idleRss(ctx, 1, { dataDir, env });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      const database = await freshPostgres("memory");
      try {
        results[`postgres${suffix}`] = await idleRss(ctx, 2, { databaseUrl: database.url, env });
      } finally {
        await database.drop();
      }
    }
    const row = (metric, value, target) => ({
      metric,
      value,
      unit: "MB",
      target: `≤ ${target} ${value <= target ? "met" : "MISSED"}`,
      note: `${SETTLE_MS / 1000} s after /healthz`,
    });
    const untuned = (metric, value) => ({
      metric: `${metric}, plain node without MALLOC_MMAP_THRESHOLD_`,
      value,
      unit: "MB",
      target: "—",
      note: "plain `node dist/server/main.js`",
    });
    return {
      rows: [
        row(
          "idle RSS on PGlite, first start (new data directory)",
          results.pgliteFirstStart,
          TARGETS.pglite,
        ),
        row("idle RSS on PGlite, later start", results.pgliteLaterStart, TARGETS.pglite),
        row("idle RSS on PostgreSQL", results.postgres, TARGETS.postgres),
        untuned("idle RSS on PGlite, first start", results.pgliteFirstStartUntuned),
        untuned("idle RSS on PGlite, later start", results.pgliteLaterStartUntuned),
        untuned("idle RSS on PostgreSQL", results.postgresUntuned),
      ],
      json: { settleMs: SETTLE_MS, targets: TARGETS, rssMb: results },
    };
  },
};
