import type { Database } from "./database.js";

const migrationFiles = import.meta.glob<string>("./migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return Object.entries(migrationFiles)
    .map(([file, sql]) => {
      const match = /(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file name must be NNN_name.sql: ${file}`);
      return { version: Number(match[1]), name: match[2]!, sql };
    })
    .sort((a, b) => a.version - b.version)
    .map((migration, index, all) => {
      // Two files with one number would silently skip the second on databases that ran the first.
      if (index > 0 && all[index - 1]!.version === migration.version) {
        throw new Error(`Two migrations share the number ${migration.version}: renumber one`);
      }
      return migration;
    });
}

const LOCK_ID = 4_242_001;

/** Applies pending migrations in order; safe to run again and from several processes at once. */
export async function migrate(db: Database): Promise<number[]> {
  // Under the lock too: concurrent `create table if not exists` can collide in PostgreSQL's catalog.
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [LOCK_ID]);
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  const applied: number[] = [];
  for (const migration of listMigrations()) {
    const done = await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [LOCK_ID]);
      const rows = await tx.query("select 1 from schema_migrations where version = $1", [
        migration.version,
      ]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (version, name) values ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

/**
 * Migrations are plain DDL: statements end with ';' at the end of a line. A function's body between `$$` quotes is
 * one statement whatever its own semicolons.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (const [index, part] of sql
    .replace(/^\s*--.*$/gm, "")
    .split("$$")
    .entries()) {
    if (index % 2 === 1) {
      current += `$$${part}$$`;
      continue;
    }
    const [first, ...rest] = part.split(/;\s*$/m);
    current += first;
    for (const piece of rest) {
      statements.push(current);
      current = piece;
    }
  }
  statements.push(current);
  return statements
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
