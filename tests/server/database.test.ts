import type { Database } from "@server/db/database.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./helpers/test-server";

/** What the data-access seam promises whichever database is behind it (db/pglite-statements.ts, db/postgres.ts). */
describe.each(databaseKinds)("statements on %s", (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await db.exec(
      "create table seam_test (id serial primary key, label text unique, tags text[], data jsonb, at timestamptz, flag boolean)",
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("sends values as node-postgres does and reads rows back with their types", async () => {
    const at = new Date("2026-11-26T12:30:00.000Z");
    const [row] = await db.query<{
      id: number;
      label: string;
      tags: string[];
      data: unknown;
      at: Date;
      flag: boolean;
    }>(
      "insert into seam_test (label, tags, data, at, flag) values ($1, $2, $3::jsonb, $4, $5) returning *",
      [`it's "quoted"`, ["a,b", 'c"d', "e"], JSON.stringify({ pence: 450, note: null }), at, true],
    );
    expect(row).toMatchObject({
      label: `it's "quoted"`,
      tags: ["a,b", 'c"d', "e"],
      data: { pence: 450, note: null },
      flag: true,
    });
    expect(typeof row?.id).toBe("number");
    expect(new Date(row?.at as Date).toISOString()).toBe(at.toISOString());
    const [nulls] = await db.query<{ label: string | null }>("select $1::text as label", [null]);
    expect(nulls?.label).toBeNull();
    const found = await db.query<{ label: string }>(
      "select label from seam_test where id = any($1::int[])",
      [[row?.id, -1]],
    );
    expect(found.map((r) => r.label)).toEqual([`it's "quoted"`]);
  });

  it("keeps the error's SQLSTATE, and the statement works again after it", async () => {
    await db.query("insert into seam_test (label) values ($1)", ["twice"]);
    const failure = await db
      .query("insert into seam_test (label) values ($1)", ["twice"])
      .catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe("23505");
    const again = await db.query("insert into seam_test (label) values ($1) returning id", [
      "once more",
    ]);
    expect(again).toHaveLength(1);
  });

  it("undoes a transaction that throws, and runs statements of one transaction in order", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into seam_test (label) values ($1)", ["rolled back"]);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    const [gone] = await db.query<{ count: number }>(
      "select count(*)::int as count from seam_test where label = $1",
      ["rolled back"],
    );
    expect(gone?.count).toBe(0);
    const labels = await db.transaction(async (tx) => {
      await Promise.all(
        ["p1", "p2", "p3"].map((label) =>
          tx.query("insert into seam_test (label) values ($1)", [label]),
        ),
      );
      return tx.query<{ label: string }>(
        "select label from seam_test where label like 'p_' order by label",
      );
    });
    expect(labels.map((r) => r.label)).toEqual(["p1", "p2", "p3"]);
  });

  it("answers a kept statement after the table it reads has changed shape", async () => {
    const read = "select * from seam_test where label = $1";
    expect(await db.query(read, ["p1"])).toHaveLength(1);
    await db.exec("alter table seam_test add column added int default 7");
    const [row] = await db.query<{ added: number }>(read, ["p1"]);
    expect(row?.added).toBe(7);
  });

  it.runIf(kind === "pglite")("parses a statement once however often it runs", async () => {
    const sql = "select count(*)::int as count from seam_test where flag = $1";
    for (let run = 0; run < 5; run += 1) await db.query(sql, [true]);
    await db.transaction((tx) => tx.query(sql, [false]));
    const kept = await db.query<{ count: number }>(
      "select count(*)::int as count from pg_prepared_statements where statement = $1",
      [sql],
    );
    expect(kept[0]?.count).toBe(1);
  });
});
