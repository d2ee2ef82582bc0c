// Idle resident memory of the built server after start (catalogue loaded), on PGlite and on PostgreSQL.
import { freshPostgres, round, rssMb, sleep, startBuiltServer } from "./lib.mjs";

const SETTLE_MS = 5_000;

export default {
  name: "memory",
  title: "Idle RSS after start",
  async run(ctx) {
    const results = {};
    for (const [index, kind] of ["pglite", "postgres"].entries()) {
      const database = kind === "postgres" ? await freshPostgres("memory") : undefined;
      try {
        const server = await startBuiltServer({
          root: ctx.root,
          port: ctx.port(index + 1),
          databaseUrl: database?.url,
          log: ctx.log,
        });
        try {
          await sleep(SETTLE_MS);
          results[kind] = round(rssMb(server.pid));
        } finally {
          await server.stop();
        }
      } finally {
        await database?.drop();
      }
    }
    return {
      rows: [
        {
          metric: "idle RSS on PGlite (embedded database in-process)",
          value: results.pglite,
          unit: "MB",
          target: `≤ 300 ${results.pglite <= 300 ? "met" : "MISSED"}`,
          note: `${SETTLE_MS / 1000} s after /healthz`,
        },
        {
          metric: "idle RSS on PostgreSQL",
          value: results.postgres,
          unit: "MB",
          target: `≤ 150 ${results.postgres <= 150 ? "met" : "MISSED"}`,
          note: `${SETTLE_MS / 1000} s after /healthz`,
        },
      ],
      json: { settleMs: SETTLE_MS, rssMb: results },
    };
  },
};
