import type { OpeningHoursInput as OpeningHours } from "@contract/park-operations";
import type { Queryable } from "../database.js";

export interface MenuItemRow {
  id: number;
  vendor_id: number;
  category: string;
  name: string;
  description: string;
  price_pence: number;
  image: string | null;
  allergens: string[];
  badges: string[];
  available: boolean;
  /** Marked sold out, or a required choice (or the portion sizes) has no option left. */
  sold_out: boolean;
  has_addon_groups: boolean;
  has_required_addon_groups: boolean;
}

export interface AddonRow {
  id: number;
  group_id: number;
  name: string;
  description: string;
  price_pence: number;
  is_default: boolean;
  allergens: string[];
  /** Absent where a caller built the row itself: not sold out. */
  sold_out?: boolean;
}

export interface AddonGroupRow {
  id: number;
  menu_item_id: number;
  name: string;
  min_quantity: number;
  max_quantity: number;
  is_required: boolean;
}

export interface AddonGroupWithAddons extends AddonGroupRow {
  addons: AddonRow[];
}

// A group is required when flagged so or when it asks for at least one choice.
export const ITEM_COLUMNS = `mi.id, mi.vendor_id, mi.category, mi.name, mi.description, mi.price_pence, mi.image,
  mi.allergens, mi.badges, mi.available,
  (mi.sold_out or exists (select 1 from addon_groups g where g.menu_item_id = mi.id
     and (g.is_required or g.min_quantity > 0 or g.name = 'Choose Portion Size')
     and not exists (select 1 from addons a where a.group_id = g.id and not a.sold_out))) as sold_out,
  exists (select 1 from addon_groups g where g.menu_item_id = mi.id) as has_addon_groups,
  exists (select 1 from addon_groups g where g.menu_item_id = mi.id
          and (g.is_required or g.min_quantity > 0)) as has_required_addon_groups`;

export function menuRepository(db: Queryable) {
  return {
    /** Every item of every vendor, each vendor's in menu order (the in-memory catalogue's load). */
    async allItems(): Promise<MenuItemRow[]> {
      return db.query<MenuItemRow>(
        `select ${ITEM_COLUMNS} from menu_items mi
         order by mi.vendor_id, mi.category_position, mi.position, mi.id`,
      );
    },

    /** Every item's add-on groups in order, each with its add-ons in order. */
    async allAddonGroups(): Promise<AddonGroupWithAddons[]> {
      const groups = await db.query<AddonGroupRow>(
        `select id, menu_item_id, name, min_quantity, max_quantity, is_required from addon_groups
         order by menu_item_id, position, id`,
      );
      const addons = await db.query<AddonRow>(
        `select id, group_id, name, description, price_pence, is_default, allergens, sold_out from addons
         order by group_id, position, id`,
      );
      const byGroup = new Map<number, AddonRow[]>();
      for (const addon of addons) {
        const list = byGroup.get(addon.group_id);
        if (list) list.push(addon);
        else byGroup.set(addon.group_id, [addon]);
      }
      return groups.map((group) => ({ ...group, addons: byGroup.get(group.id) ?? [] }));
    },

    /** A vendor's items in menu order: categories by their position, items by theirs. */
    async itemsByVendor(vendorId: number): Promise<MenuItemRow[]> {
      return db.query<MenuItemRow>(
        `select ${ITEM_COLUMNS} from menu_items mi where mi.vendor_id = $1
         order by mi.category_position, mi.position, mi.id`,
        [vendorId],
      );
    },

    async itemById(itemId: number): Promise<MenuItemRow | null> {
      const [row] = await db.query<MenuItemRow>(
        `select ${ITEM_COLUMNS} from menu_items mi where mi.id = $1`,
        [itemId],
      );
      return row ?? null;
    },

    /**
     * Every available dish of every open trailer (switched on and trading), trailers in park order, dishes in menu
     * order: what the search by craving looks through.
     */
    async openMenuItems(): Promise<
      (MenuItemRow & { vendor_name: string; vendor_opening_hours: OpeningHours | null })[]
    > {
      return db.query<
        MenuItemRow & { vendor_name: string; vendor_opening_hours: OpeningHours | null }
      >(
        `select ${ITEM_COLUMNS}, v.name as vendor_name, v.opening_hours as vendor_opening_hours
         from menu_items mi join vendors v on v.id = mi.vendor_id
         where v.active and v.trading_status = 'open' and mi.available and not mi.sold_out
           and (not v.paused or (v.paused_until is not null and v.paused_until <= now()))
         order by v.position, v.id, mi.category_position, mi.position, mi.id`,
      );
    },

    /** The item's add-on groups in order, each with its add-ons in order. */
    async addonGroupsForItem(itemId: number): Promise<AddonGroupWithAddons[]> {
      const groups = await db.query<AddonGroupRow>(
        `select id, menu_item_id, name, min_quantity, max_quantity, is_required from addon_groups
         where menu_item_id = $1 order by position, id`,
        [itemId],
      );
      if (groups.length === 0) return [];
      const addons = await db.query<AddonRow>(
        `select a.id, a.group_id, a.name, a.description, a.price_pence, a.is_default, a.allergens, a.sold_out
         from addons a join addon_groups g on g.id = a.group_id
         where g.menu_item_id = $1 order by a.position, a.id`,
        [itemId],
      );
      return groups.map((group) => ({
        ...group,
        addons: addons.filter((addon) => addon.group_id === group.id),
      }));
    },
  };
}
