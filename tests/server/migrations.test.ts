import type { Database } from "@server/db/database.js";
import { listMigrations, migrate } from "@server/db/migrate.js";
import { DEMO_ACCOUNTS, seedDemoPark } from "@server/db/seed.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./helpers/test-server";

async function count(db: Database, sql: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(sql);
  return Number(row?.count);
}

async function parkCounts(db: Database) {
  return {
    users: await count(db, "select count(*) as count from users"),
    vendors: await count(db, "select count(*) as count from vendors"),
    menuItems: await count(db, "select count(*) as count from menu_items"),
    addonGroups: await count(db, "select count(*) as count from addon_groups"),
    addons: await count(db, "select count(*) as count from addons"),
  };
}

describe.each(databaseKinds)("migrations and demo seed on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("applies every migration on an empty database, then nothing the second time", async () => {
    const allVersions = listMigrations().map((migration) => migration.version);

    const first = await migrate(database.db);
    const second = await migrate(database.db);

    expect(first).toEqual(allVersions);
    expect(second).toEqual([]);
    expect(await count(database.db, "select count(*) as count from schema_migrations")).toBe(
      allVersions.length,
    );
  });

  it("migrates and seeds safely when several servers start at once", async () => {
    const fresh = await createTestDatabase(kind);
    try {
      const connections = [fresh.db, await fresh.connectAgain(), await fresh.connectAgain()];

      const applied = await Promise.all(
        connections.map(async (db) => {
          const versions = await migrate(db);
          await seedDemoPark(db);
          return versions;
        }),
      );

      // Each migration ran exactly once, whichever server got there first.
      expect(applied.flat().sort((a, b) => a - b)).toEqual(
        listMigrations().map((migration) => migration.version),
      );
      const counts = await parkCounts(fresh.db);
      expect(counts.users).toBe(DEMO_ACCOUNTS.length);
      await seedDemoPark(fresh.db);
      expect(await parkCounts(fresh.db)).toEqual(counts);
    } finally {
      await fresh.drop();
    }
  });

  it("numbers migrations uniquely and in order", () => {
    const versions = listMigrations().map((migration) => migration.version);

    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it("seeding twice does not duplicate users, vendors or menus", async () => {
    await migrate(database.db);
    await seedDemoPark(database.db);
    const afterFirst = await parkCounts(database.db);

    await seedDemoPark(database.db);
    const afterSecond = await parkCounts(database.db);

    expect(afterSecond).toEqual(afterFirst);
    expect(afterFirst.users).toBe(DEMO_ACCOUNTS.length);
  });

  it("seeds a park worth demoing", async () => {
    await migrate(database.db);
    await seedDemoPark(database.db);
    const db = database.db;

    expect(await count(db, "select count(*) as count from vendors")).toBeGreaterThanOrEqual(8);
    expect(await count(db, "select count(*) as count from menu_items")).toBeGreaterThanOrEqual(80);
    expect(
      await count(db, "select count(*) as count from vendors where trading_status = 'closed'"),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(db, "select count(*) as count from vendors where price_category = 'under_10'"),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count(
        db,
        "select count(*) as count from addon_groups where is_required and min_quantity >= 1",
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        db,
        "select count(*) as count from vendors v where not exists (select 1 from menu_items m where m.vendor_id = v.id)",
      ),
    ).toBe(0);
  });

  it("seeds the demo accounts with their roles", async () => {
    await migrate(database.db);
    await seedDemoPark(database.db);

    const users = await database.db.query<{ email: string; role: string }>(
      "select email, role from users order by email",
    );

    expect(users).toEqual([
      { email: "demo@foodpark.test", role: "customer" },
      { email: "staff@foodpark.test", role: "staff" },
    ]);
  });
});
