import fs from "node:fs";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.js";

/** Embedded PostgreSQL; `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir } : {});

  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
  });

  return {
    kind: "pglite",
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
