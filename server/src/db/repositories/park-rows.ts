import { DEFAULT_VAT_RATE } from "@contract/business";
import type { ParkAddon, ParkAddonGroup, ParkItem, ParkTrailer } from "@contract/park-file";
import type { Queryable } from "../database.js";

/**
 * New catalogue rows from a park file's entries (contract/park-file.ts): the demo park's seed and `park:import`
 * both insert through these, so a column added to the file format is written in one place.
 */

/** A trailer at `position`, or after the last one when `position` is "last". */
export async function insertVendorRow(
  q: Queryable,
  trailer: ParkTrailer,
  position: number | "last",
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into vendors (slug, name, description, logo, image, trading_status, rating,
       preparation_time_min, preparation_time_max, price_category, phone, email, position, legal_name,
       address_lines, postcode, vat_number, payout_account)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
       coalesce($13::int, (select coalesce(max(position), -1) + 1 from vendors)), $14, $15, $16, $17, $18)
     returning id`,
    [
      trailer.slug,
      trailer.name,
      trailer.description,
      trailer.logo,
      trailer.image,
      trailer.status,
      trailer.rating,
      trailer.preparationTimeMin,
      trailer.preparationTimeMax,
      trailer.priceCategory,
      trailer.phone,
      trailer.email,
      position === "last" ? null : position,
      ...businessRowValues(trailer),
    ],
  );
  return row!.id;
}

/** The business columns (legal_name, address_lines, postcode, vat_number, payout_account) from the file. */
export const businessRowValues = (trailer: ParkTrailer) => [
  trailer.business?.legalName ?? null,
  trailer.business?.address ?? [],
  trailer.business?.postcode ?? null,
  trailer.business?.vatNumber ?? null,
  trailer.payoutAccount ?? null,
];

export interface ItemPlacement {
  vendorId: number;
  category: string;
  categoryPosition: number;
  position: number;
}

/** The item's own row (its add-on groups are inserted or matched by the caller). */
export async function insertMenuItemRow(
  q: Queryable,
  placement: ItemPlacement,
  item: ParkItem,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into menu_items (vendor_id, category, category_position, position, name, description,
       price_pence, image, allergens, badges, vat_rate)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      placement.vendorId,
      placement.category,
      placement.categoryPosition,
      placement.position,
      item.name,
      item.description,
      item.pricePence,
      item.image,
      item.allergens,
      item.badges ?? [],
      item.vatRate ?? DEFAULT_VAT_RATE,
    ],
  );
  return row!.id;
}

export async function insertAddonGroupRow(
  q: Queryable,
  itemId: number,
  group: ParkAddonGroup,
  position: number,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into addon_groups (menu_item_id, name, min_quantity, max_quantity, is_required, position)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [itemId, group.name, group.minQuantity, group.maxQuantity, group.isRequired, position],
  );
  return row!.id;
}

/** The columns an add-on row takes from the file, in `insert`/`update` order after its key. */
export const addonRowValues = (addon: ParkAddon, position: number) => [
  addon.name,
  addon.description ?? "",
  addon.pricePence,
  addon.isDefault ?? false,
  addon.allergens ?? [],
  position,
  addon.vatRate ?? DEFAULT_VAT_RATE,
];

export async function insertAddonRow(
  q: Queryable,
  groupId: number,
  addon: ParkAddon,
  position: number,
): Promise<void> {
  await q.query(
    `insert into addons (group_id, name, description, price_pence, is_default, allergens, position, vat_rate)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [groupId, ...addonRowValues(addon, position)],
  );
}
