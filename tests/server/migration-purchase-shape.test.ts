import type { Database } from "@server/db/database.js";
import { listMigrations, migrate, splitStatements } from "@server/db/migrate.js";
import { seedDemoPark } from "@server/db/seed.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/test-server";

/** The migration that gives every purchase one shape: rows written by earlier releases, migrated once. */
const ONE_SHAPE = listMigrations().find(
  (migration) => migration.name === "every_purchase_a_checkout",
)!;

/** Every migration before it, as `migrate` would have left a database of that release. */
async function migrateUpTo(db: Database, before: number) {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  for (const migration of listMigrations().filter((m) => m.version < before)) {
    for (const statement of splitStatements(migration.sql)) await db.query(statement);
    await db.query("insert into schema_migrations (version, name) values ($1, $2)", [
      migration.version,
      migration.name,
    ]);
  }
}

const oldSnapshot = (vendorId: number) => ({
  vendorId,
  vendorName: "Forno",
  preparationTimeMin: 10,
  preparationTimeMax: 15,
  orderType: "takeaway",
  lines: [],
  subtotalPence: 900,
  serviceChargePence: 50,
  deliveryFeePence: 0,
  totalPence: 950,
  allergyNote: null,
  deliveryInstructions: null,
  vehicle: null,
});

describe("old purchases migrate to one shape", () => {
  let database: TestDatabase;
  let db: Database;
  let userId: number;
  let vendorId: number;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    db = database.db;
    await migrateUpTo(db, ONE_SHAPE.version);
    await seedDemoPark(db);
    [{ id: userId }] = (await db.query<{ id: number }>(
      "select id from users order by id limit 1",
    )) as [{ id: number }];
    [{ id: vendorId }] = (await db.query<{ id: number }>(
      "select id from vendors order by id limit 1",
    )) as [{ id: number }];
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("gives a keyed order its own checkout, and every payment a purchase naming its checkout with full snapshots", async () => {
    const [cash] = await db.query<{ id: number }>(
      `insert into orders (user_id, vendor_id, order_type, payment_method, status, subtotal_pence, total_pence,
         idempotency_key, request_hash)
       values ($1, $2, 'takeaway', 'cash_at_counter', 'pending_payment', 900, 950, 'old-cash-key', 'hash-1')
       returning id`,
      [userId, vendorId],
    );
    const [card] = await db.query<{ id: number }>(
      `insert into orders (user_id, vendor_id, order_type, payment_method, status, subtotal_pence, total_pence,
         payment_id)
       values ($1, $2, 'takeaway', 'stripe', 'confirmed', 900, 950, null) returning id`,
      [userId, vendorId],
    );
    await db.query(
      `insert into payments (id, user_id, vendor_id, provider, amount_pence, status, order_data, order_id)
       values ('pay_old_snapshot', $1, $2, 'test', 950, 'paid', $3::jsonb, $4)`,
      [userId, vendorId, JSON.stringify({ snapshot: oldSnapshot(vendorId) }), card!.id],
    );
    await db.query("update orders set payment_id = 'pay_old_snapshot' where id = $1", [card!.id]);
    const [basketCheckout] = await db.query<{ id: number }>(
      `insert into checkouts (user_id, idempotency_key, request_hash, payment_method, status, vendor_ids)
       values ($1, 'old-basket-key', 'hash-2', 'stripe', 'awaiting_payment', array[$2::int]) returning id`,
      [userId, vendorId],
    );
    await db.query(
      `insert into payments (id, user_id, vendor_id, provider, amount_pence, status, order_data)
       values ('pay_old_basket', $1, $2, 'test', 950, 'requires_payment_method', $3::jsonb)`,
      [
        userId,
        vendorId,
        JSON.stringify({
          basket: { checkoutId: basketCheckout!.id, snapshots: [oldSnapshot(vendorId)] },
        }),
      ],
    );

    expect(await migrate(db)).toEqual(
      listMigrations()
        .filter((migration) => migration.version >= ONE_SHAPE.version)
        .map((migration) => migration.version),
    );

    const [cashCheckout] = await db.query<{ idempotency_key: string; request_hash: string }>(
      "select c.idempotency_key, c.request_hash from orders o join checkouts c on c.id = o.checkout_id where o.id = $1",
      [cash!.id],
    );
    expect(cashCheckout).toEqual({ idempotency_key: "old-cash-key", request_hash: "hash-1" });
    const orphans = await db.query("select id from orders where checkout_id is null");
    expect(orphans).toEqual([]);

    const payments = await db.query<{ id: string; order_data: Record<string, unknown> }>(
      "select id, order_data from payments order by id",
    );
    for (const payment of payments) {
      expect(Object.keys(payment.order_data)).not.toContain("basket");
      const purchase = payment.order_data.purchase as {
        checkoutId: number | null;
        snapshots: Record<string, unknown>[];
      };
      expect(purchase.checkoutId, payment.id).toEqual(expect.any(Number));
      for (const snapshot of purchase.snapshots)
        expect(snapshot).toMatchObject({
          slotShiftMinutes: 0,
          vatRegistered: false,
          totalPence: 950,
        });
    }
    const basket = payments.find((payment) => payment.id === "pay_old_basket")!;
    expect((basket.order_data.purchase as { checkoutId: number }).checkoutId).toBe(
      basketCheckout!.id,
    );
    const [cardOrder] = await db.query<{ checkout_id: number }>(
      "select checkout_id from orders where id = $1",
      [card!.id],
    );
    const snapshotOnly = payments.find((payment) => payment.id === "pay_old_snapshot")!;
    expect((snapshotOnly.order_data.purchase as { checkoutId: number }).checkoutId).toBe(
      cardOrder!.checkout_id,
    );
  });
});
