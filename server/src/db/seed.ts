import { hashPassword } from "@server/lib/passwords.js";
import type { Database, Queryable } from "./database.js";
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
  const [row] = await tx.query<{ id: number }>(
    `insert into vendors (slug, name, description, logo, image, trading_status, rating,
       preparation_time_min, preparation_time_max, price_category, phone, email, position)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      vendor.slug,
      vendor.name,
      vendor.description,
      vendor.logo,
      vendor.image,
      vendor.status,
      vendor.rating,
      vendor.preparationTimeMin,
      vendor.preparationTimeMax,
      vendor.priceCategory,
      vendor.phone,
      vendor.email,
      position,
    ],
  );
  for (const [categoryPosition, category] of vendor.categories.entries()) {
    for (const [itemPosition, item] of category.items.entries()) {
      await insertItem(tx, row!.id, category.name, categoryPosition, itemPosition, item);
    }
  }
}

async function insertItem(
  tx: Queryable,
  vendorId: number,
  category: string,
  categoryPosition: number,
  position: number,
  item: SeedItem,
): Promise<void> {
  const [row] = await tx.query<{ id: number }>(
    `insert into menu_items (vendor_id, category, category_position, position, name, description,
       price_pence, image, allergens, badges)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      vendorId,
      category,
      categoryPosition,
      position,
      item.name,
      item.description,
      item.pricePence,
      item.image,
      item.allergens,
      item.badges ?? [],
    ],
  );
  for (const [groupPosition, group] of (item.addonGroups ?? []).entries()) {
    const [groupRow] = await tx.query<{ id: number }>(
      `insert into addon_groups (menu_item_id, name, min_quantity, max_quantity, is_required, position)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [row!.id, group.name, group.minQuantity, group.maxQuantity, group.isRequired, groupPosition],
    );
    for (const [addonPosition, addon] of group.addons.entries()) {
      await tx.query(
        `insert into addons (group_id, name, description, price_pence, is_default, allergens, position)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          groupRow!.id,
          addon.name,
          addon.description ?? "",
          addon.pricePence,
          addon.isDefault ?? false,
          addon.allergens ?? [],
          addonPosition,
        ],
      );
    }
  }
}
