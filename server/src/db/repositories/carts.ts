import type { OrderType } from "@contract/common";
import type { Queryable } from "../database.js";
import { ITEM_COLUMNS, type MenuItemRow } from "./menu.js";
import type { VendorRow } from "./vendors.js";

export interface CartRow {
  id: number;
  user_id: number;
  vendor_id: number;
  order_type: OrderType | null;
  delivery_instructions: string;
  updated_at: Date | string;
  /** Raised by every write; a client compares it to tell an older copy of the cart from the current one. */
  version: number;
}

export interface CartLineRow {
  id: number;
  cart_id: number;
  menu_item_id: number;
  quantity: number;
  allergy_information: string;
  config_key: string;
  item_name: string;
  item_description: string;
  item_image: string | null;
  item_price_pence: number;
  /** Orderable: switched on, not sold out, and no chosen add-on sold out. */
  item_available: boolean;
  item_sold_out: boolean;
  /** Only from `lines()`. */
  item_allergens?: string[];
  /** Per cent VAT (only from `linesWithAddons()`). */
  item_vat_rate?: number;
}

export interface CartLineAddonRow {
  cart_line_id: number;
  addon_id: number;
  group_id: number;
  quantity: number;
  addon_name: string;
  addon_price_pence: number;
  group_name: string;
  addon_allergens: string[];
  /** Per cent VAT (only from `linesWithAddons()`). */
  addon_vat_rate?: number;
}

/** A line as `linesWithAddons` reads it: priced from the menu, with its add-ons. */
export type PricedLineRow = CartLineRow & { addons: Omit<CartLineAddonRow, "cart_line_id">[] };

/** The columns of migration 019's cart_lines_priced (its ordering column left out). */
const PRICED_LINE_COLUMNS = `id, cart_id, menu_item_id, quantity, allergy_information, config_key, item_name,
  item_description, item_image, item_price_pence, item_available, item_sold_out, item_allergens, item_vat_rate, addons`;

/** SQLSTATE of cart_add_line refusing a line above its limit. */
export const LINE_ABOVE_LIMIT = "FPQ01";

/** What an add is judged on (`addContext`), with the catalogue version (migration 020) it was read at. */
export interface AddContext {
  vendor: VendorRow | null;
  item: MenuItemRow | null;
  applied: boolean;
  catalogue_version: number;
}

/** What cart_add_line answers: whether it applied, the cart and its priced lines as they are now. */
export interface AddedLine {
  applied: boolean;
  cart: CartRow | null;
  lines: PricedLineRow[];
  /**
   * The catalogue version as the call began: its lines' menu data is that version's or newer, so a write guarded by
   * it is refused, never wrong, when they differ.
   */
  catalogue_version: number;
}

export interface NewCartLine {
  menuItemId: number;
  quantity: number;
  allergyInformation: string;
  configKey: string;
  addons: readonly { addonId: number; groupId: number }[];
}

/** Cart SQL only; every query is scoped by cart id or user id, the rules live in the cart service. */
export function cartsRepository(db: Queryable) {
  return {
    async findCart(userId: number, vendorId: number): Promise<CartRow | null> {
      const [row] = await db.query<CartRow>(
        "select * from carts where user_id = $1 and vendor_id = $2",
        [userId, vendorId],
      );
      return row ?? null;
    },

    /**
     * Creates the cart if missing and marks it changed (a new version); the row stays locked until the
     * transaction ends, so versions follow the order the writes commit in.
     */
    async touchCart(userId: number, vendorId: number): Promise<CartRow> {
      const [row] = await db.query<CartRow>(
        `insert into carts (user_id, vendor_id, version) values ($1, $2, 1)
         on conflict (user_id, vendor_id) do update set updated_at = now(), version = carts.version + 1 returning *`,
        [userId, vendorId],
      );
      return row!;
    },

    /** The customer's most recently changed cart that holds at least one line. */
    async latestNonEmptyCart(userId: number): Promise<CartRow | null> {
      const [row] = await db.query<CartRow>(
        `select c.* from carts c where c.user_id = $1
           and exists (select 1 from cart_lines l where l.cart_id = c.id)
         order by c.updated_at desc, c.id desc limit 1`,
        [userId],
      );
      return row ?? null;
    },

    /** The basket: every cart of the customer holding at least one line, in the order the carts were started. */
    async nonEmptyCarts(userId: number): Promise<CartRow[]> {
      return db.query<CartRow>(
        `select c.* from carts c where c.user_id = $1
           and exists (select 1 from cart_lines l where l.cart_id = c.id)
         order by c.id`,
        [userId],
      );
    },

    /**
     * Locks these carts of the customer (in id order, so two checkouts never deadlock) until the transaction ends,
     * and answers their rows as locked (a trailer without a cart has none).
     */
    async lockCarts(userId: number, vendorIds: readonly number[]): Promise<CartRow[]> {
      return db.query<CartRow>(
        "select * from carts where user_id = $1 and vendor_id = any($2::int[]) order by id for update",
        [userId, [...vendorIds]],
      );
    },

    /**
     * What an add is judged on, in one statement: the vendor's row, the item's, and whether this mutation id was
     * already applied for the customer (then the add changes nothing).
     */
    async addContext(
      userId: number,
      vendorId: number,
      itemId: number,
      mutationId: string | null,
    ): Promise<AddContext> {
      const [row] = await db.query<AddContext>(
        `select (select to_jsonb(v) from vendors v where v.id = $2) as vendor,
           (select to_jsonb(i) from (select ${ITEM_COLUMNS} from menu_items mi where mi.id = $3) i) as item,
           exists (select 1 from applied_mutations where user_id = $1 and mutation_id = $4) as applied,
           (select version from catalogue_version) as catalogue_version`,
        [userId, vendorId, itemId, mutationId],
      );
      return row!;
    },

    /** Lines in the order they were first added, with their menu item's current data and their add-ons (in menu order), in one statement: one round trip per cart. */
    async linesWithAddons(cartId: number): Promise<PricedLineRow[]> {
      return db.query(
        `select ${PRICED_LINE_COLUMNS} from cart_lines_priced where cart_id = $1 order by created_at, id`,
        [cartId],
      );
    },

    /**
     * The add itself in one call (migration 019's cart_add_line): the mutation id recorded, the cart touched, the line
     * added or merged with its add-ons, the order type; then the cart as it is now with its lines, and the catalogue
     * version (migration 020) as the statement began. A line above `quantityMax` is refused with nothing written
     * (`LINE_ABOVE_LIMIT`). Null, with nothing written, when the add was judged on a catalogue version
     * (`catalogueVersion`; null: no check) that has moved.
     */
    async addLine(
      userId: number,
      vendorId: number,
      line: NewCartLine & {
        orderType: OrderType | null;
        mutationId: string | null;
        quantityMax: number;
        catalogueVersion: number | null;
      },
    ): Promise<AddedLine | null> {
      const [row] = await db.query<{
        added: Omit<AddedLine, "catalogue_version"> | null;
        catalogue_version: number;
      }>(
        `select case when $11::int is null or $11::int = catalogue.version
             then cart_add_line($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) end as added,
           catalogue.version as catalogue_version
         from catalogue_version catalogue`,
        [
          userId,
          vendorId,
          line.menuItemId,
          line.quantity,
          line.allergyInformation,
          line.configKey,
          JSON.stringify(
            line.addons.map((addon) => ({ addon_id: addon.addonId, group_id: addon.groupId })),
          ),
          line.orderType,
          line.mutationId,
          line.quantityMax,
          line.catalogueVersion,
        ],
      );
      return row!.added && { ...row!.added, catalogue_version: row!.catalogue_version };
    },

    async findLine(cartId: number, lineId: number): Promise<CartLineRow | null> {
      const [row] = await db.query<CartLineRow>(
        `select l.*, mi.name as item_name, mi.description as item_description, mi.image as item_image,
                mi.price_pence as item_price_pence, (mi.available and not mi.sold_out and not exists (
                  select 1 from cart_line_addons sla join addons sa on sa.id = sla.addon_id
                  where sla.cart_line_id = l.id and sa.sold_out)) as item_available,
                mi.sold_out as item_sold_out
         from cart_lines l join menu_items mi on mi.id = l.menu_item_id
         where l.cart_id = $1 and l.id = $2`,
        [cartId, lineId],
      );
      return row ?? null;
    },

    /** The item's most recently created line in the cart. */
    async latestLineOfItem(cartId: number, menuItemId: number): Promise<CartLineRow | null> {
      const [row] = await db.query<CartLineRow>(
        `select l.*, mi.name as item_name, mi.description as item_description, mi.image as item_image,
                mi.price_pence as item_price_pence, (mi.available and not mi.sold_out and not exists (
                  select 1 from cart_line_addons sla join addons sa on sa.id = sla.addon_id
                  where sla.cart_line_id = l.id and sa.sold_out)) as item_available,
                mi.sold_out as item_sold_out
         from cart_lines l join menu_items mi on mi.id = l.menu_item_id
         where l.cart_id = $1 and l.menu_item_id = $2 order by l.created_at desc, l.id desc limit 1`,
        [cartId, menuItemId],
      );
      return row ?? null;
    },

    async findLineIdByConfigKey(
      cartId: number,
      configKey: string,
    ): Promise<{ id: number; quantity: number } | null> {
      const [row] = await db.query<{ id: number; quantity: number }>(
        "select id, quantity from cart_lines where cart_id = $1 and config_key = $2",
        [cartId, configKey],
      );
      return row ?? null;
    },

    async lineAddonSelections(lineId: number): Promise<{ addonId: number; groupId: number }[]> {
      return db.query<{ addonId: number; groupId: number }>(
        `select addon_id as "addonId", group_id as "groupId" from cart_line_addons where cart_line_id = $1`,
        [lineId],
      );
    },

    /** Adds the configuration, or adds the quantity to the line that already has it. Returns the line's new quantity. */
    async addToLine(cartId: number, line: NewCartLine): Promise<{ id: number; quantity: number }> {
      const [row] = await db.query<{ id: number; quantity: number }>(
        `insert into cart_lines (cart_id, menu_item_id, quantity, allergy_information, config_key)
         values ($1, $2, $3, $4, $5)
         on conflict (cart_id, config_key) do update set quantity = cart_lines.quantity + excluded.quantity
         returning id, quantity`,
        [cartId, line.menuItemId, line.quantity, line.allergyInformation, line.configKey],
      );
      for (const addon of line.addons) {
        await db.query(
          `insert into cart_line_addons (cart_line_id, addon_id, group_id, quantity) values ($1, $2, $3, 1)
           on conflict do nothing`,
          [row!.id, addon.addonId, addon.groupId],
        );
      }
      return row!;
    },

    async setLineQuantity(lineId: number, quantity: number): Promise<void> {
      await db.query("update cart_lines set quantity = $2 where id = $1", [lineId, quantity]);
    },

    async setLineAllergy(
      lineId: number,
      allergyInformation: string,
      configKey: string,
    ): Promise<void> {
      await db.query(
        "update cart_lines set allergy_information = $2, config_key = $3 where id = $1",
        [lineId, allergyInformation, configKey],
      );
    },

    async deleteLine(lineId: number): Promise<void> {
      await db.query("delete from cart_lines where id = $1", [lineId]);
    },

    /**
     * Empties the cart entirely (lines, order type, delivery instructions). The row stays, with a new version,
     * so an older copy of the full cart can never pass for newer than the emptied one.
     */
    async deleteCart(userId: number, vendorId: number): Promise<void> {
      await db.query(
        `with emptied as (
           update carts set order_type = null, delivery_instructions = '', updated_at = now(), version = version + 1
           where user_id = $1 and vendor_id = $2 returning id
         )
         delete from cart_lines where cart_id in (select id from emptied)`,
        [userId, vendorId],
      );
    },

    async setOrderType(cartId: number, orderType: OrderType): Promise<void> {
      await db.query("update carts set order_type = $2 where id = $1", [cartId, orderType]);
    },

    async setDeliveryInstructions(cartId: number, instructions: string): Promise<void> {
      await db.query("update carts set delivery_instructions = $2 where id = $1", [
        cartId,
        instructions,
      ]);
    },

    /** Records a client mutation id; false when it was already applied (the write must then change nothing). */
    async recordMutation(userId: number, mutationId: string): Promise<boolean> {
      const rows = await db.query(
        `insert into applied_mutations (user_id, mutation_id) values ($1, $2)
         on conflict do nothing returning mutation_id`,
        [userId, mutationId],
      );
      return rows.length > 0;
    },
  };
}
