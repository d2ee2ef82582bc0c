import type { AllergenId } from "@contract/allergens";
import { itemIdString } from "@contract/common";
import { penceToPounds, penceToPriceString } from "@contract/money";
import type {
  AddonGroupsResponse,
  MenuItem,
  MenuResponse,
  Vendor,
  VendorListResponse,
} from "@contract/vendors";
import type { Database } from "@server/db/database.js";
import {
  type AddonGroupWithAddons,
  type MenuItemRow,
  menuRepository,
} from "@server/db/repositories/menu.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import { NotFound } from "@server/domain-errors.js";
import {
  busyUntil,
  hoursTimes,
  type TradingRow,
  type TradingStatus,
  tradingStatus,
} from "./trading-hours.js";

export interface VendorListQuery {
  page: number;
  limit: number;
  /** 'active' keeps only vendors the park has switched on; open and closed ones both stay. */
  status?: "active" | "all" | undefined;
}

/**
 * A vendor the park switched off reads as closed, whatever its trading status says; a paused one reads 'busy'
 * (not open: the spec's rule finds neither 'open' nor 'active' in it); outside its opening hours, 'closed'.
 */
export function vendorTradingStatus(row: TradingRow, at: Date = new Date()): TradingStatus {
  return tradingStatus(row, at);
}

export function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    image: row.image,
    status: vendorTradingStatus(row),
    busyUntil: busyUntil(row),
    ...hoursTimes(row),
    description: row.description.trim() || `Delicious food from ${row.name}`,
    rating: Number(row.rating) || 0,
    preparationTime: { min: row.preparation_time_min, max: row.preparation_time_max },
    priceCategory: row.price_category,
    phone: row.phone,
    email: row.email,
  };
}

export function toMenuItem(row: MenuItemRow): MenuItem {
  return {
    id: itemIdString(row.id),
    vendorId: row.vendor_id,
    name: row.name,
    description: row.description,
    price: penceToPounds(row.price_pence),
    pricePence: row.price_pence,
    image: row.image ?? "",
    category: row.category,
    has_required_addongroups: row.has_required_addon_groups,
    has_addongroups: row.has_addon_groups,
    allergens: row.allergens as AllergenId[],
    badges: row.badges,
    // One answer to "can it be ordered now?": a sold-out item is never `available: true` beside `soldOut: true`.
    available: row.available && !row.sold_out,
    soldOut: row.sold_out,
  };
}

export function toAddonGroup(
  group: AddonGroupWithAddons,
): AddonGroupsResponse["addonGroups"][number] {
  return {
    id: group.id,
    name: group.name,
    min_quantity: group.min_quantity,
    max_quantity: group.max_quantity,
    is_required: group.is_required,
    addons: group.addons.map((addon) => ({
      id: addon.id,
      name: addon.name,
      description: addon.description,
      price: penceToPriceString(addon.price_pence),
      pricePence: addon.price_pence,
      default: addon.is_default,
      allergens: addon.allergens as AllergenId[],
      soldOut: addon.sold_out === true,
    })),
  };
}

/** Groups rows already in menu order by category, keeping that order. */
export function groupByCategory(items: MenuItem[]): MenuResponse["items"] {
  const groups = new Map<string, MenuItem[]>();
  for (const item of items) {
    const group = groups.get(item.category);
    if (group) group.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups].map(([category, categoryItems]) => ({ category, items: categoryItems }));
}

export function createVendorService(db: Database) {
  const vendors = vendorsRepository(db);
  const menu = menuRepository(db);

  async function requireVendor(vendorId: number): Promise<VendorRow> {
    const row = await vendors.findById(vendorId);
    if (!row) throw new NotFound(`Vendor ${vendorId} not found`);
    return row;
  }

  async function requireItem(itemId: number): Promise<MenuItemRow> {
    const row = await menu.itemById(itemId);
    if (!row) throw new NotFound(`Menu item ${itemId} not found`);
    return row;
  }

  return {
    async list(query: VendorListQuery): Promise<VendorListResponse> {
      const { rows, total } = await vendors.list({
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        activeOnly: query.status === "active",
      });
      return {
        data: rows.map(toVendor),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.ceil(total / query.limit),
        },
      };
    },

    async get(vendorId: number): Promise<Vendor> {
      return toVendor(await requireVendor(vendorId));
    },

    async menu(vendorId: number): Promise<MenuResponse> {
      await requireVendor(vendorId);
      const rows = await menu.itemsByVendor(vendorId);
      return { items: groupByCategory(rows.map(toMenuItem)) };
    },

    async item(itemId: number): Promise<{ item: MenuItem }> {
      return { item: toMenuItem(await requireItem(itemId)) };
    },

    async addonGroups(itemId: number): Promise<AddonGroupsResponse> {
      await requireItem(itemId);
      const groups = await menu.addonGroupsForItem(itemId);
      return { addonGroups: groups.map(toAddonGroup) };
    },
  };
}

export type VendorService = ReturnType<typeof createVendorService>;
