/**
 * Orders straight into the database (migration 003's tables), for tests of order reading and status
 * changes that must not depend on order creation. Prices come from the demo menu.
 */
import type { OrderType } from "@contract/common";
import type { OrderStatus, PaymentMethod, Vehicle } from "@contract/orders";
import type { Queryable } from "@server/db/database.js";
import type { StoredOrderAddon } from "@server/services/orders/queries.js";

export interface FixtureLine {
  /** Default: the vendor's first menu item. */
  menuItemId?: number;
  quantity?: number;
  /** How many of the item's add-ons (first ones of its groups) to attach. Default 0. */
  addonCount?: number;
  specialInstructions?: string | null;
}

export interface OrderFixtureInput {
  userId: number;
  /** Default: the first vendor. */
  vendorId?: number;
  status?: OrderStatus;
  orderType?: OrderType;
  paymentMethod?: PaymentMethod;
  lines?: FixtureLine[];
  createdAt?: Date;
  allergyNote?: string | null;
  vehicle?: Vehicle | null;
  serviceChargePence?: number;
  estimatedReadyAt?: Date | null;
}

export interface OrderFixture {
  id: number;
  vendorId: number;
  vendorName: string;
  totalPence: number;
  itemNames: string[];
}

interface MenuRow {
  id: number;
  name: string;
  description: string;
  image: string | null;
  price_pence: number;
}

async function firstVendor(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "select id from vendors order by position, id limit 1",
  );
  if (!row) throw new Error("no vendors seeded");
  return row.id;
}

async function addonsFor(
  db: Queryable,
  menuItemId: number,
  count: number,
): Promise<StoredOrderAddon[]> {
  if (count <= 0) return [];
  const rows = await db.query<{
    id: number;
    name: string;
    group_id: number;
    group_name: string;
    price_pence: number;
  }>(
    `select a.id, a.name, g.id as group_id, g.name as group_name, a.price_pence
     from addons a join addon_groups g on g.id = a.group_id
     where g.menu_item_id = $1 and g.name <> 'Choose Portion Size'
     order by g.position, a.position limit $2`,
    [menuItemId, count],
  );
  return rows.map((row) => ({ ...row, quantity: 1 }));
}

export async function createOrderFixture(
  db: Queryable,
  input: OrderFixtureInput,
): Promise<OrderFixture> {
  const vendorId = input.vendorId ?? (await firstVendor(db));
  const [vendor] = await db.query<{ name: string }>("select name from vendors where id = $1", [
    vendorId,
  ]);
  if (!vendor) throw new Error(`no vendor ${vendorId}`);
  const menu = await db.query<MenuRow>(
    "select id, name, description, image, price_pence from menu_items where vendor_id = $1 order by category_position, position, id",
    [vendorId],
  );
  const lines = input.lines ?? [{}];
  const priced = await Promise.all(
    lines.map(async (line) => {
      const item = line.menuItemId ? menu.find((row) => row.id === line.menuItemId) : menu[0];
      if (!item)
        throw new Error(`menu item ${line.menuItemId} is not on vendor ${vendorId}'s menu`);
      const addons = await addonsFor(db, item.id, line.addonCount ?? 0);
      const unit =
        item.price_pence +
        addons.reduce((sum, addon) => sum + addon.price_pence * addon.quantity, 0);
      const quantity = line.quantity ?? 1;
      return {
        item,
        addons,
        unit,
        quantity,
        total: unit * quantity,
        special: line.specialInstructions ?? null,
      };
    }),
  );
  const subtotal = priced.reduce((sum, line) => sum + line.total, 0);
  const serviceCharge = input.serviceChargePence ?? 0;
  const [order] = await db.query<{ id: number }>(
    `insert into orders (user_id, vendor_id, order_type, payment_method, status, subtotal_pence,
       service_charge_pence, total_pence, allergy_note, vehicle, estimated_ready_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning id`,
    [
      input.userId,
      vendorId,
      input.orderType ?? "takeaway",
      input.paymentMethod ?? "stripe",
      input.status ?? "confirmed",
      subtotal,
      serviceCharge,
      subtotal + serviceCharge,
      input.allergyNote ?? null,
      input.vehicle ? JSON.stringify(input.vehicle) : null,
      input.estimatedReadyAt ?? null,
      input.createdAt ?? new Date(),
    ],
  );
  const orderId = order!.id;
  for (const line of priced) {
    await db.query(
      `insert into order_items (order_id, menu_item_id, name, description, image, quantity,
         unit_price_pence, total_pence, special_instructions, addons)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        orderId,
        line.item.id,
        line.item.name,
        line.item.description,
        line.item.image,
        line.quantity,
        line.unit,
        line.total,
        line.special,
        JSON.stringify(line.addons),
      ],
    );
  }
  await db.query("insert into order_status_history (order_id, status) values ($1, $2)", [
    orderId,
    input.status ?? "confirmed",
  ]);
  return {
    id: orderId,
    vendorId,
    vendorName: vendor.name,
    totalPence: subtotal + serviceCharge,
    itemNames: priced.map((line) => line.item.name),
  };
}

/** The demo staff account's id. */
export async function staffUserId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "select id from users where role = 'staff' order by id limit 1",
  );
  if (!row) throw new Error("no staff user seeded");
  return row.id;
}
