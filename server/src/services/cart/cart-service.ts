/**
 * The server-priced cart: one per customer and vendor. Every write runs in ONE transaction, prices come
 * from the database only, and every query is scoped to the signed-in customer's own cart.
 *
 * Split by concern: cart-reading.ts prices and shapes a cart, cart-line-edits.ts holds the line edits,
 * cart-config.ts the identical-configuration (merge) rule; this file runs them as transactional writes.
 */
import type { Cart } from "@contract/cart";
import { emptyCart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { CART_LINE_QUANTITY_MAX } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import type { Charges } from "@contract/pricing";
import type { Database, Queryable } from "@server/db/database.js";
import {
  type AddedLine,
  type CartRow,
  cartsRepository,
  LINE_ABOVE_LIMIT,
  type PricedLineRow,
} from "@server/db/repositories/carts.js";
import { type MenuItemRow, menuRepository } from "@server/db/repositories/menu.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import { NotFound } from "@server/domain-errors.js";
import { setBounded } from "@server/lib/bounded-map.js";
import { configKey, lineAboveLimit } from "./cart-config.js";
import {
  type AddInput,
  type AddWithAddonsInput,
  type AllergyInput,
  addWithAddons,
  assertPlainAddable,
  type DeliveryInstructionsInput,
  itemOf,
  setLineNote,
  setLineQuantity,
  type Target,
  type UpdateInput,
} from "./cart-line-edits.js";
import {
  loadCart,
  loadVendorCart,
  type PricedCart,
  priceCart,
  requireVendor,
  toWireCart,
} from "./cart-reading.js";

export { configKey } from "./cart-config.js";
export type {
  AddInput,
  AddWithAddonsInput,
  AllergyInput,
  DeliveryInstructionsInput,
  UpdateInput,
} from "./cart-line-edits.js";
export {
  DEFAULT_ORDER_TYPE,
  type PricedCart,
  type PricedLine,
  type PricedLineAddon,
  toWireCart,
} from "./cart-reading.js";

export const CART_UPDATED_MESSAGE = "Cart updated successfully";

export type CartWithMessage = Cart & { message?: string };

/** Adds judged on remembered rows, kept per node: a park's menu is a few hundred items. */
const REMEMBERED_ITEMS = 2_000;
/** Carts left by customers' last adds, kept per node until their order takes them. */
const REMEMBERED_CARTS = 5_000;

/** The vendor's and item's rows an add was allowed on, and the catalogue version they were read at. */
interface JudgedAdd {
  vendor: VendorRow;
  item: MenuItemRow;
  catalogueVersion: number;
}

/** A cart as an add left it, with its priced lines, and the catalogue version its vendor and lines are valid at. */
export interface RememberedCart {
  vendor: VendorRow;
  cart: CartRow;
  lines: PricedLineRow[];
  catalogueVersion: number;
}

/** What one add did, with the vendor it was judged on and the catalogue version that row was read at. */
type Added = AddedLine & { vendor: VendorRow; vendorReadAt: number };

const judgedAddKey = (input: AddInput) => `${input.vendorId}:${input.itemId}`;
const lastAddKey = (userId: number, vendorId: number) => `${userId}:${vendorId}`;

export function createCartService(db: Database, charges: Charges) {
  // What earlier adds read, kept on this node: by vendor and item, the rows an add was allowed on; by customer and
  // vendor, the cart the last add left. Each is used with the catalogue version it was read at, which the write
  // relying on it checks (migration 020), so a stale entry costs a read, never a wrong add or price.
  const judgedAdds = new Map<string, JudgedAdd>();
  const lastAdds = new Map<string, RememberedCart>();

  /**
   * Runs one cart write in one transaction. A mutation id already applied for this customer changes
   * nothing and answers the current cart; a refused write rolls the id back so a retry is judged again.
   */
  async function write(
    target: Target,
    message: string,
    work: (tx: Queryable, vendor: VendorRow) => Promise<void>,
  ): Promise<CartWithMessage> {
    // The cart the last add left is no longer the customer's cart.
    lastAdds.delete(lastAddKey(target.userId, target.vendorId));
    return db.transaction(async (tx) => {
      const vendor = await requireVendor(tx, target.vendorId);
      const alreadyApplied =
        target.mutationId !== undefined &&
        !(await cartsRepository(tx).recordMutation(target.userId, target.mutationId));
      if (!alreadyApplied) await work(tx, vendor);
      return { ...(await loadVendorCart(tx, charges, target.userId, vendor)), message };
    });
  }

  async function clearCart(userId: number, vendorId: number, tx: Queryable = db): Promise<void> {
    lastAdds.delete(lastAddKey(userId, vendorId));
    await cartsRepository(tx).deleteCart(userId, vendorId);
  }

  /**
   * The line added by one cart_add_line call; null, with nothing written, when `catalogueVersion` (the version the add
   * was judged on; null: no check) has moved.
   */
  async function insertLine(
    input: AddInput,
    vendor: VendorRow,
    itemName: string,
    catalogueVersion: number | null,
  ): Promise<AddedLine | null> {
    try {
      return await cartsRepository(db).addLine(input.userId, vendor.id, {
        menuItemId: input.itemId,
        quantity: input.quantity,
        allergyInformation: "",
        configKey: configKey(input.itemId, [], ""),
        addons: [],
        orderType: input.orderType ?? null,
        mutationId: input.mutationId ?? null,
        quantityMax: CART_LINE_QUANTITY_MAX,
        catalogueVersion,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === LINE_ABOVE_LIMIT) throw lineAboveLimit(itemName);
      throw error;
    }
  }

  /** The add on rows an earlier add read, when they allow it and the catalogue has not moved; else null. */
  async function addOnEarlierJudgement(input: AddInput, judged: JudgedAdd): Promise<Added | null> {
    try {
      assertPlainAddable(judged.vendor, judged.item);
    } catch {
      return null; // Judged again on rows read now: they may allow it, and say why not if they do not.
    }
    const added = await insertLine(input, judged.vendor, judged.item.name, judged.catalogueVersion);
    if (added) return { ...added, vendor: judged.vendor, vendorReadAt: judged.catalogueVersion };
    judgedAdds.delete(judgedAddKey(input));
    return null;
  }

  /** The add judged on the vendor's and item's rows read now. An applied mutation id answers the current cart. */
  async function addJudgedNow(input: AddInput): Promise<Added> {
    const context = await cartsRepository(db).addContext(
      input.userId,
      input.vendorId,
      input.itemId,
      input.mutationId ?? null,
    );
    const vendor = context.vendor;
    if (!vendor) throw new NotFound(`Vendor ${input.vendorId} not found`);
    // An applied mutation id changes nothing and answers the current cart, whatever the item's state now.
    const item = context.applied ? null : itemOf(vendor, context.item, input.itemId);
    if (item) {
      assertPlainAddable(vendor, item);
      setBounded(
        judgedAdds,
        judgedAddKey(input),
        { vendor, item, catalogueVersion: context.catalogue_version },
        REMEMBERED_ITEMS,
      );
    }
    const itemName = item?.name ?? context.item?.name ?? "this item";
    const added = await insertLine(input, vendor, itemName, null);
    if (!added) throw new Error("an add without a catalogue check was refused as stale");
    return { ...added, vendor, vendorReadAt: context.catalogue_version };
  }

  return {
    /** GET /cart: one vendor's cart, or (no vendor) the most recently changed non-empty one, else the empty cart. */
    async get(
      userId: number,
      query: { vendorId?: number | undefined; orderType?: OrderType | undefined },
    ): Promise<Cart> {
      if (query.vendorId !== undefined)
        return loadCart(db, charges, userId, query.vendorId, query.orderType);
      const latest = await cartsRepository(db).latestNonEmptyCart(userId);
      return latest
        ? loadCart(db, charges, userId, latest.vendor_id, query.orderType)
        : emptyCart();
    },

    /**
     * POST /cart/add: the plain item (no add-ons); identical lines merge. One call (cart_add_line: the add and the
     * cart it leaves, or, for a mutation id applied meanwhile, the cart unchanged) when an earlier add of the item
     * allowed it, on the vendor's and item's rows it read: the call checks the catalogue has not changed since
     * (migration 020), else it writes nothing and they are read again. Otherwise two statements, no transaction held open: what the add is
     * judged on (vendor, item, mutation id), then the call.
     */
    async add(input: AddInput): Promise<CartWithMessage> {
      const judged = judgedAdds.get(judgedAddKey(input));
      const added =
        (judged && (await addOnEarlierJudgement(input, judged))) || (await addJudgedNow(input));
      if (added.cart && added.catalogue_version === added.vendorReadAt)
        setBounded(
          lastAdds,
          lastAddKey(input.userId, added.vendor.id),
          {
            vendor: added.vendor,
            cart: added.cart,
            lines: added.lines,
            catalogueVersion: added.catalogue_version,
          },
          REMEMBERED_CARTS,
        );
      const priced = await priceCart(db, charges, added.vendor, added.cart, undefined, added.lines);
      return { ...toWireCart(priced), message: MESSAGES.addToCartSuccess };
    },

    /**
     * The cart the customer's last add on this node left, priced on the vendor's row and menu data as of
     * `catalogueVersion`, taken once (null: none). A write relying on it checks both versions (`placeCashOrder`).
     */
    takeLastAdd(userId: number, vendorId: number): RememberedCart | null {
      const key = lastAddKey(userId, vendorId);
      const remembered = lastAdds.get(key) ?? null;
      lastAdds.delete(key);
      return remembered;
    },

    /** POST /cart/add-with-addons: every add-on checked against the item's groups, priced from the database. */
    async addWithAddons(input: AddWithAddonsInput): Promise<CartWithMessage> {
      return write(input, MESSAGES.addToCartSuccess, (tx, vendor) =>
        addWithAddons(tx, vendor, input),
      );
    },

    /**
     * PUT|POST /cart/update: sets a line's quantity (0 removes it). The line is `lineId`, else the item's most
     * recently created line; with no line yet, a positive quantity adds the plain item. Lowering is always
     * allowed; raising needs an open vendor and an available item.
     */
    async update(input: UpdateInput): Promise<CartWithMessage> {
      return write(input, CART_UPDATED_MESSAGE, (tx, vendor) => setLineQuantity(tx, vendor, input));
    },

    /**
     * POST /cart/allergy-information: the note of one line (`lineId`, else the item's latest line). If the new
     * note makes it identical to another line, the two merge.
     */
    async setAllergyInformation(input: AllergyInput): Promise<CartWithMessage> {
      const item = await menuRepository(db).itemById(input.itemId);
      if (!item) throw new NotFound(`Menu item ${input.itemId} not found`);
      const vendorId = input.vendorId ?? item.vendor_id;
      return write({ ...input, vendorId }, MESSAGES.allergySaved, (tx, vendor) =>
        setLineNote(tx, vendor, item, input),
      );
    },

    /** POST|PUT /cart/delivery-instructions: stored on the cart (trimmed, non-empty, at most 500 characters). */
    async setDeliveryInstructions(input: DeliveryInstructionsInput): Promise<CartWithMessage> {
      const vendorId =
        input.vendorId ?? (await cartsRepository(db).latestNonEmptyCart(input.userId))?.vendor_id;
      if (vendorId === undefined) throw new NotFound("Your cart is empty");
      return write({ ...input, vendorId }, MESSAGES.deliveryInstructionsSaved, async (tx) => {
        const repo = cartsRepository(tx);
        const cart = await repo.touchCart(input.userId, vendorId);
        await repo.setDeliveryInstructions(cart.id, input.instructions.trim());
      });
    },

    /** DELETE|POST /cart/remove-all-by-vendor: empties that vendor's cart (lines, order type, instructions). */
    async removeAllByVendor(input: Target): Promise<CartWithMessage> {
      return write(input, MESSAGES.cartCleared, (tx) =>
        clearCart(input.userId, input.vendorId, tx),
      );
    },

    /**
     * For checkout: the customer's cart for a vendor, priced from the database (pence only), with each line's
     * add-ons and the totals for `orderType` (default: the cart's own, else takeaway). Pass the checkout's
     * transaction as `tx` to read it inside that transaction. Does not refuse a closed vendor or an
     * unavailable item: `vendor.open` and `line.available` say so, and checkout decides.
     */
    async getCartForCheckout(
      userId: number,
      vendorId: number,
      options: {
        orderType?: OrderType | undefined;
        tx?: Queryable | undefined;
        /** The cart's row as the transaction locked it (null: there is none): not read again. */
        locked?: CartRow | null | undefined;
        /** A purchase's transaction: the trailer's slot count is locked until it commits (a capped trailer). */
        holdSlot?: boolean | undefined;
        /** The vendor's row and the cart's lines when the caller already read them (with `locked`): not read again. */
        read?: { vendor: VendorRow; lines: readonly PricedLineRow[] } | undefined;
      } = {},
    ): Promise<PricedCart> {
      const q = options.tx ?? db;
      const vendor = options.read?.vendor ?? (await requireVendor(q, vendorId));
      if (options.holdSlot && options.tx) await vendorsRepository(options.tx).lockSlotCount(vendor);
      const cart =
        options.locked !== undefined
          ? options.locked
          : await cartsRepository(q).findCart(userId, vendorId);
      return priceCart(q, charges, vendor, cart, options.orderType, options.read?.lines);
    },

    /**
     * The basket: every non-empty cart of the customer, priced like `getCartForCheckout`, in the
     * order the carts were started. Pass a transaction as `tx` to read inside it.
     */
    async getBasketCarts(
      userId: number,
      options: { orderType?: OrderType | undefined; tx?: Queryable | undefined } = {},
    ): Promise<PricedCart[]> {
      const q = options.tx ?? db;
      const carts = await cartsRepository(q).nonEmptyCarts(userId);
      const priced: PricedCart[] = [];
      for (const cart of carts) {
        priced.push(
          await priceCart(
            q,
            charges,
            await requireVendor(q, cart.vendor_id),
            cart,
            options.orderType,
          ),
        );
      }
      return priced;
    },

    /** For checkout: empties the customer's cart for a vendor; pass the order's transaction as `tx`. */
    clearCart,
  };
}

export type CartService = ReturnType<typeof createCartService>;
