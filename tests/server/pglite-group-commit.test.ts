import type { Database } from "@server/db/database.js";
import { openPglite } from "@server/db/pglite.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The embedded database commits the statements that queue up together (db/pglite.ts `committedTogether`): one
 * transaction and one disk flush for a rush, not one each. Requests reach the server in separate callbacks of the
 * event loop, so that is how these statements arrive.
 */
describe("statements on the embedded database in a rush", () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec("create table rush_test (id serial primary key, label text unique)");
  });
  afterAll(async () => {
    await db?.close();
  });

  /** `sql` sent from a callback of its own, as a request's handler sends it. */
  const arriving = <Row>(sql: string, params: unknown[] = []) =>
    new Promise<Row[]>((resolve, reject) => {
      setImmediate(() => {
        db.query<Row>(sql, params).then(resolve, reject);
      });
    });

  it("commits statements that arrived in the same turn of the event loop as one transaction", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => arriving<{ tx: string }>("select txid_current()::text as tx")),
    );
    expect(new Set(answers.map(([row]) => row?.tx)).size).toBe(1);
  });

  it("answers a failing statement's caller alone, and writes each other statement once", async () => {
    await db.query("insert into rush_test (label) values ('taken')");
    const results = await Promise.allSettled([
      arriving("insert into rush_test (label) values ('first')"),
      arriving("insert into rush_test (label) values ('taken')"),
      arriving("insert into rush_test (label) values ('third')"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(((results[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe("23505");
    const rows = await db.query<{ label: string }>("select label from rush_test order by id");
    expect(rows.map((row) => row.label)).toEqual(["taken", "first", "third"]);
  });
});
