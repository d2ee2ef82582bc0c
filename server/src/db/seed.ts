import { hashPassword } from "@server/lib/passwords.js";
import type { Database, Queryable } from "./database.js";
import {
  type ItemPlacement,
  insertAddonGroupRow,
  insertAddonRow,
  insertMenuItemRow,
  insertVendorRow,
} from "./repositories/park-rows.js";
import { loadSeedVendors, type SeedItem, type SeedVendor } from "./seed-data.js";

export const DEMO_ACCOUNTS = [
  {
    email: "demo@foodpark.test",
    password: "demo-password",
    name: "Demo Customer",
    role: "customer",
    phone: "07700 900001",
  },
  {
    email: "staff@foodpark.test",
    password: "staff-password",
    name: "Park Staff",
    role: "staff",
    phone: "07700 900002",
  },
] as const;

/**
 * Seeds the demo park once: vendors only when none exist, demo accounts when missing.
 * Answers true when it wrote the catalogue (the vendors and their menus).
 */
export async function seedDemoPark(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(4242002)");
    for (const account of DEMO_ACCOUNTS) {
      const existing = await tx.query("select 1 from users where lower(email) = lower($1)", [
        account.email,
      ]);
      if (existing.length > 0) continue;
      await tx.query(
        "insert into users (email, password_hash, name, phone, role) values ($1, $2, $3, $4, $5)",
        [
          account.email,
          await hashPassword(account.password),
          account.name,
          account.phone,
          account.role,
        ],
      );
    }
    const [{ count }] = (await tx.query<{ count: number }>(
      "select count(*)::int as count from vendors",
    )) as [{ count: number }];
    if (count > 0) return false;
    for (const [position, vendor] of loadSeedVendors().entries())
      await insertVendor(tx, vendor, position);
    return true;
  });
}

async function insertVendor(tx: Queryable, vendor: SeedVendor, position: number): Promise<void> {
  const vendorId = await insertVendorRow(tx, vendor, position);
  for (const [categoryPosition, category] of vendor.categories.entries()) {
    for (const [itemPosition, item] of category.items.entries()) {
      const placement = {
        vendorId,
        category: category.name,
        categoryPosition,
        position: itemPosition,
      };
      await insertItem(tx, placement, item);
    }
  }
}

async function insertItem(tx: Queryable, placement: ItemPlacement, item: SeedItem): Promise<void> {
  const itemId = await insertMenuItemRow(tx, placement, item);
  for (const [groupPosition, group] of (item.addonGroups ?? []).entries()) {
    const groupId = await insertAddonGroupRow(tx, itemId, group, groupPosition);
    for (const [addonPosition, addon] of group.addons.entries())
      await insertAddonRow(tx, groupId, addon, addonPosition);
  }
}
