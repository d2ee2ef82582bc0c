import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { prepareValue } from "pg/lib/utils.js";
import { isStalePlan, MAX_PREPARED_STATEMENTS } from "./queryable.js";

/**
 * Statements on the embedded database in one call into PostgreSQL each. PGlite.query makes six (parse, describe the
 * statement, bind, describe the portal, execute, sync), parses and plans the text every time, and each call goes
 * through WebAssembly and PGlite's protocol parser. Here a statement is parsed once as a named prepared statement
 * (as db/postgres.ts does on a server), then each run sends bind, describe, execute and sync in one buffer.
 * Parameters are turned into text as node-postgres does, so both databases receive the same values; rows are
 * parsed by PGlite's own type parsers, as PGlite.query parses them.
 */

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function pgliteStatements(pg: PGlite) {
  const { serialize } = protocol;
  const prepared = new Map<string, string>();
  // The database has one session, so a counter names statements; a name is never reused (a statement forgotten
  // after a schema change may still exist in the session).
  let preparedCount = 0;

  async function send(parts: readonly Uint8Array[]) {
    await pg._checkReady(); // "PGlite is closed" once closed, which db/unavailable.ts answers with 503
    // PGlite keeps one "current query" per database: one message at a time, as its own queries do.
    const messages = await pg._runExclusiveQuery(() =>
      pg.execProtocolStream(concat(parts), { syncToFs: false }),
    );
    return parse.parseResults(messages, pg.parsers)[0]?.rows ?? [];
  }

  async function prepare(sql: string): Promise<string> {
    let name = prepared.get(sql);
    if (name !== undefined) return name;
    if (prepared.size >= MAX_PREPARED_STATEMENTS) return "";
    preparedCount += 1;
    name = `fp_${preparedCount}`;
    await send([serialize.parse({ name, text: sql }), serialize.sync()]);
    prepared.set(sql, name);
    return name;
  }

  function execute(statement: string, sql: string, params: readonly unknown[]) {
    const values = params.map((value) => prepareValue(value));
    return send([
      ...(statement === "" ? [serialize.parse({ text: sql })] : []),
      serialize.bind({ statement, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
  }

  return {
    async run(
      sql: string,
      params: readonly unknown[],
      { inTransaction }: { inTransaction: boolean },
    ): Promise<unknown[]> {
      const statement = await prepare(sql);
      try {
        return await execute(statement, sql, params);
      } catch (error) {
        // A plan that no longer fits its table is forgotten and the statement run once unprepared.
        if (statement === "" || !isStalePlan(error)) throw error;
        prepared.delete(sql);
        await send([serialize.close({ type: "S", name: statement }), serialize.sync()]).catch(
          () => undefined,
        );
        // Inside a transaction the failed statement has aborted it: only the caller can start over.
        if (inTransaction) throw error;
        return execute("", sql, params);
      }
    },
  };
}
