/**
 * The server-priced cart: one per customer and vendor. Every write runs in ONE transaction, prices come
 * from the database only, and every query is scoped to the signed-in customer's own cart.
 */
import { createHash } from "node:crypto";
import { type AllergenId, mergeAllergens } from "@contract/allergens";
import type { Cart, CartItem } from "@contract/cart";
import { emptyCart } from "@contract/cart";
import { itemIdString, type OrderType } from "@contract/common";
import { CART_LINE_QUANTITY_MAX } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import { penceToPounds } from "@contract/money";
import {
  type CartTotals,
  type Charges,
  cartTotals,
  isPortionGroup,
  type LinePrice,
  priceLine,
} from "@contract/pricing";
import type { Database, Queryable } from "../db/database.js";
import { type CartLineRow, type CartRow, cartsRepository } from "../db/repositories/carts.js";
import { type MenuItemRow, menuRepository } from "../db/repositories/menu.js";
import { type VendorRow, vendorsRepository } from "../db/repositories/vendors.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { type AddonSelection, checkAddonSelections, hasRequiredGroups } from "./addon-selection.js";
import { vendorTradingStatus } from "./vendor-service.js";

export const DEFAULT_ORDER_TYPE: OrderType = "takeaway";
export const CART_UPDATED_MESSAGE = "Cart updated successfully";

export interface PricedLineAddon {
  addonId: number;
  groupId: number;
  groupName: string;
  name: string;
  quantity: number;
  pricePence: number;
  /** True for the 'Choose Portion Size' choice: its price is the line's base price, not an extra. */
  isPortion: boolean;
  allergens: AllergenId[];
}

export interface PricedLine extends LinePrice {
  lineId: number;
  menuItemId: number;
  name: string;
  description: string;
  image: string;
  quantity: number;
  allergyInformation: string;
  /** The item's own allergens (the line's are these with its add-ons'). */
  itemAllergens: AllergenId[];
  /** False when the item was switched off after it was added. */
  available: boolean;
  addons: PricedLineAddon[];
}

/** A cart priced from the database, as checkout needs it (pence only). */
export interface PricedCart {
  vendor: {
    id: number;
    name: string;
    /** Trading and switched on: orders may be placed. */
    open: boolean;
    preparationTime: { min: number; max: number };
  };
  orderType: OrderType;
  deliveryInstructions: string;
  lines: PricedLine[];
  totals: CartTotals;
  /** The cart row's version (0: no cart yet); every write raises it. */
  version: number;
}

export type CartWithMessage = Cart & { message?: string };

interface Target {
  userId: number;
  vendorId: number;
  mutationId?: string | undefined;
}

export interface AddInput extends Target {
  itemId: number;
  quantity: number;
  orderType?: OrderType | undefined;
}

export interface AddWithAddonsInput extends AddInput {
  addonSelections: readonly AddonSelection[];
  allergyInformation?: string | undefined;
}

export interface UpdateInput extends Target {
  itemId: number;
  /** 0 removes the line. */
  quantity: number;
  lineId?: number | undefined;
  orderType?: OrderType | undefined;
}

export interface AllergyInput {
  userId: number;
  itemId: number;
  allergyInformation: string;
  /** Defaults to the item's vendor. */
  vendorId?: number | undefined;
  lineId?: number | undefined;
  mutationId?: string | undefined;
}

export interface DeliveryInstructionsInput {
  userId: number;
  instructions: string;
  /** Defaults to the customer's most recently changed non-empty cart. */
  vendorId?: number | undefined;
  mutationId?: string | undefined;
}

/** Same item, same add-ons, same trimmed note: the same line. */
export function configKey(
  menuItemId: number,
  addonIds: readonly number[],
  allergyInformation: string,
): string {
  const canonical = JSON.stringify([
    menuItemId,
    [...addonIds].sort((a, b) => a - b),
    allergyInformation.trim(),
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

function toCartItem(line: PricedLine): CartItem {
  const groups = new Map<number, CartItem["addons"][number]>();
  for (const addon of line.addons) {
    const group = groups.get(addon.groupId) ?? {
      groupId: addon.groupId,
      groupName: addon.groupName,
      addons: [],
    };
    group.addons.push({
      addonId: addon.addonId,
      name: addon.name,
      quantity: addon.quantity,
      price: penceToPounds(addon.pricePence),
      total: penceToPounds(addon.pricePence * addon.quantity),
      pricePence: addon.pricePence,
      allergens: addon.allergens,
    });
    groups.set(addon.groupId, group);
  }
  return {
    id: itemIdString(line.menuItemId),
    lineId: line.lineId,
    menuItemId: line.menuItemId,
    name: line.name,
    description: line.description,
    image: line.image,
    quantity: line.quantity,
    price: penceToPounds(line.unitBasePence),
    addonTotal: penceToPounds(line.addonTotalPence),
    totalPrice: penceToPounds(line.totalPence),
    pricePence: line.unitBasePence,
    addonTotalPence: line.addonTotalPence,
    totalPricePence: line.totalPence,
    allergyInformation: line.allergyInformation,
    allergens: mergeAllergens(line.itemAllergens, ...line.addons.map((addon) => addon.allergens)),
    addons: [...groups.values()],
  };
}

/** The wire shape of the product spec (docs/product-spec.md § Entities and their fields), pounds beside pence. */
export function toWireCart(priced: PricedCart): Cart {
  const { totals } = priced;
  return {
    items: priced.lines.map(toCartItem),
    subtotal: penceToPounds(totals.subtotalPence),
    total: penceToPounds(totals.totalPence),
    serviceCharge: penceToPounds(totals.serviceChargePence),
    deliveryCharge: penceToPounds(totals.deliveryChargePence),
    subtotalPence: totals.subtotalPence,
    totalPence: totals.totalPence,
    serviceChargePence: totals.serviceChargePence,
    deliveryChargePence: totals.deliveryChargePence,
    orderType: priced.orderType,
    deliveryInstructions: priced.deliveryInstructions,
    version: priced.version,
    vendorId: priced.vendor.id,
    vendor_info: {
      id: priced.vendor.id,
      name: priced.vendor.name,
      preparationTime: priced.vendor.preparationTime,
    },
  };
}

const closedMessage = (vendor: VendorRow) => `${vendor.name} is closed right now`;

export function createCartService(db: Database, charges: Charges) {
  async function requireVendor(q: Queryable, vendorId: number): Promise<VendorRow> {
    const vendor = await vendorsRepository(q).findById(vendorId);
    if (!vendor) throw notFound(`Vendor ${vendorId} not found`);
    return vendor;
  }

  async function requireItemOf(
    q: Queryable,
    vendor: VendorRow,
    itemId: number,
  ): Promise<MenuItemRow> {
    const item = await menuRepository(q).itemById(itemId);
    if (!item) throw notFound(`Menu item ${itemId} not found`);
    if (item.vendor_id !== vendor.id)
      throw badRequest(`${item.name} is not on ${vendor.name}'s menu`);
    return item;
  }

  /** What adding more of an item needs: an open, switched-on vendor and an available item. */
  function assertOrderable(vendor: VendorRow, item: MenuItemRow): void {
    if (vendorTradingStatus(vendor) !== "open") throw conflict(closedMessage(vendor));
    if (!item.available) throw conflict(`${item.name} is not available right now`);
  }

  async function priceCart(
    q: Queryable,
    vendor: VendorRow,
    cart: CartRow | null,
    orderType?: OrderType,
  ): Promise<PricedCart> {
    const repo = cartsRepository(q);
    const lineRows = cart ? await repo.lines(cart.id) : [];
    const addonRows = cart && lineRows.length > 0 ? await repo.lineAddons(cart.id) : [];
    const lines = lineRows.map((row: CartLineRow): PricedLine => {
      const addons = addonRows
        .filter((addon) => addon.cart_line_id === row.id)
        .map((addon) => ({
          addonId: addon.addon_id,
          groupId: addon.group_id,
          groupName: addon.group_name,
          name: addon.addon_name,
          quantity: addon.quantity,
          pricePence: addon.addon_price_pence,
          isPortion: isPortionGroup(addon.group_name),
          allergens: mergeAllergens(addon.addon_allergens),
        }));
      return {
        ...priceLine(row.item_price_pence, addons, row.quantity),
        lineId: row.id,
        menuItemId: row.menu_item_id,
        name: row.item_name,
        description: row.item_description,
        image: row.item_image ?? "",
        quantity: row.quantity,
        allergyInformation: row.allergy_information,
        itemAllergens: mergeAllergens(row.item_allergens),
        available: row.item_available,
        addons,
      };
    });
    const effectiveOrderType = orderType ?? cart?.order_type ?? DEFAULT_ORDER_TYPE;
    return {
      vendor: {
        id: vendor.id,
        name: vendor.name,
        open: vendorTradingStatus(vendor) === "open",
        preparationTime: { min: vendor.preparation_time_min, max: vendor.preparation_time_max },
      },
      orderType: effectiveOrderType,
      deliveryInstructions: cart?.delivery_instructions ?? "",
      version: cart?.version ?? 0,
      lines,
      totals: cartTotals(
        lines.map((line) => line.totalPence),
        effectiveOrderType,
        charges,
      ),
    };
  }

  async function loadCart(
    q: Queryable,
    userId: number,
    vendorId: number,
    orderType?: OrderType,
  ): Promise<Cart> {
    const vendor = await requireVendor(q, vendorId);
    const cart = await cartsRepository(q).findCart(userId, vendorId);
    return toWireCart(await priceCart(q, vendor, cart, orderType));
  }

  /**
   * Runs one cart write in one transaction. A mutation id already applied for this customer changes
   * nothing and answers the current cart; a refused write rolls the id back so a retry is judged again.
   */
  async function write(
    target: Target,
    message: string,
    work: (tx: Queryable, vendor: VendorRow) => Promise<void>,
  ): Promise<CartWithMessage> {
    return db.transaction(async (tx) => {
      const vendor = await requireVendor(tx, target.vendorId);
      const alreadyApplied =
        target.mutationId !== undefined &&
        !(await cartsRepository(tx).recordMutation(target.userId, target.mutationId));
      if (!alreadyApplied) await work(tx, vendor);
      return { ...(await loadCart(tx, target.userId, target.vendorId)), message };
    });
  }

  async function addConfiguration(
    tx: Queryable,
    input: AddInput,
    item: MenuItemRow,
    addons: readonly { addonId: number; groupId: number }[],
    allergyInformation: string,
  ): Promise<void> {
    const repo = cartsRepository(tx);
    const cart = await repo.touchCart(input.userId, input.vendorId);
    const line = await repo.addToLine(cart.id, {
      menuItemId: item.id,
      quantity: input.quantity,
      allergyInformation,
      configKey: configKey(
        item.id,
        addons.map((addon) => addon.addonId),
        allergyInformation,
      ),
      addons,
    });
    if (line.quantity > CART_LINE_QUANTITY_MAX) {
      throw badRequest(
        `You can have at most ${CART_LINE_QUANTITY_MAX} of ${item.name} in your cart`,
      );
    }
    if (input.orderType) await repo.setOrderType(cart.id, input.orderType);
  }

  /** The plain item, no add-ons: refused when the item has groups the customer must choose from. */
  async function addPlain(tx: Queryable, vendor: VendorRow, input: AddInput): Promise<void> {
    const item = await requireItemOf(tx, vendor, input.itemId);
    assertOrderable(vendor, item);
    const groups = await menuRepository(tx).addonGroupsForItem(item.id);
    if (hasRequiredGroups(groups)) throw badRequest(MESSAGES.requiredAddonsToast);
    await addConfiguration(tx, input, item, [], "");
  }

  async function findTargetLine(
    tx: Queryable,
    cart: CartRow | null,
    itemId: number,
    lineId: number | undefined,
  ): Promise<CartLineRow | null> {
    if (!cart) return null;
    const repo = cartsRepository(tx);
    const line = lineId
      ? await repo.findLine(cart.id, lineId)
      : await repo.latestLineOfItem(cart.id, itemId);
    return line && line.menu_item_id === itemId ? line : null;
  }

  async function clearCart(userId: number, vendorId: number, tx: Queryable = db): Promise<void> {
    await cartsRepository(tx).deleteCart(userId, vendorId);
  }

  return {
    /** GET /cart: one vendor's cart, or (no vendor) the most recently changed non-empty one, else the empty cart. */
    async get(
      userId: number,
      query: { vendorId?: number | undefined; orderType?: OrderType | undefined },
    ): Promise<Cart> {
      if (query.vendorId !== undefined)
        return loadCart(db, userId, query.vendorId, query.orderType);
      const latest = await cartsRepository(db).latestNonEmptyCart(userId);
      return latest ? loadCart(db, userId, latest.vendor_id, query.orderType) : emptyCart();
    },

    /** POST /cart/add: the plain item (no add-ons); identical lines merge. */
    async add(input: AddInput): Promise<CartWithMessage> {
      return write(input, MESSAGES.addToCartSuccess, (tx, vendor) => addPlain(tx, vendor, input));
    },

    /** POST /cart/add-with-addons: every add-on checked against the item's groups, priced from the database. */
    async addWithAddons(input: AddWithAddonsInput): Promise<CartWithMessage> {
      return write(input, MESSAGES.addToCartSuccess, async (tx, vendor) => {
        const item = await requireItemOf(tx, vendor, input.itemId);
        assertOrderable(vendor, item);
        const groups = await menuRepository(tx).addonGroupsForItem(item.id);
        const chosen = checkAddonSelections(item.name, groups, input.addonSelections);
        await addConfiguration(tx, input, item, chosen, input.allergyInformation?.trim() ?? "");
      });
    },

    /**
     * PUT|POST /cart/update: sets a line's quantity (0 removes it). The line is `lineId`, else the item's most
     * recently created line; with no line yet, a positive quantity adds the plain item. Lowering is always
     * allowed; raising needs an open vendor and an available item.
     */
    async update(input: UpdateInput): Promise<CartWithMessage> {
      return write(input, CART_UPDATED_MESSAGE, async (tx, vendor) => {
        const repo = cartsRepository(tx);
        const item = await requireItemOf(tx, vendor, input.itemId);
        const line = await findTargetLine(
          tx,
          await repo.findCart(input.userId, vendor.id),
          item.id,
          input.lineId,
        );
        if (!line && input.lineId !== undefined)
          throw notFound(`${item.name} is no longer in your cart`);
        if (!line) {
          if (input.quantity > 0) await addPlain(tx, vendor, input);
          return;
        }
        if (input.quantity > line.quantity) assertOrderable(vendor, item);
        const cart = await repo.touchCart(input.userId, vendor.id);
        if (input.quantity === 0) await repo.deleteLine(line.id);
        else await repo.setLineQuantity(line.id, input.quantity);
        if (input.orderType) await repo.setOrderType(cart.id, input.orderType);
      });
    },

    /**
     * POST /cart/allergy-information: the note of one line (`lineId`, else the item's latest line). If the new
     * note makes it identical to another line, the two merge.
     */
    async setAllergyInformation(input: AllergyInput): Promise<CartWithMessage> {
      const item = await menuRepository(db).itemById(input.itemId);
      if (!item) throw notFound(`Menu item ${input.itemId} not found`);
      const vendorId = input.vendorId ?? item.vendor_id;
      return write({ ...input, vendorId }, MESSAGES.allergySaved, async (tx, vendor) => {
        await requireItemOf(tx, vendor, item.id);
        const repo = cartsRepository(tx);
        const line = await findTargetLine(
          tx,
          await repo.findCart(input.userId, vendor.id),
          item.id,
          input.lineId,
        );
        if (!line) throw notFound(`${item.name} is not in your cart`);
        const note = input.allergyInformation.trim();
        const addonIds = (await repo.lineAddonSelections(line.id)).map((addon) => addon.addonId);
        const key = configKey(item.id, addonIds, note);
        await repo.touchCart(input.userId, vendor.id);
        if (key === line.config_key) return;
        const twin = await repo.findLineIdByConfigKey(line.cart_id, key);
        if (twin) {
          const merged = twin.quantity + line.quantity;
          if (merged > CART_LINE_QUANTITY_MAX) {
            throw badRequest(
              `You can have at most ${CART_LINE_QUANTITY_MAX} of ${item.name} in your cart`,
            );
          }
          await repo.deleteLine(twin.id);
          await repo.setLineQuantity(line.id, merged);
        }
        await repo.setLineAllergy(line.id, note, key);
      });
    },

    /** POST|PUT /cart/delivery-instructions: stored on the cart (trimmed, non-empty, at most 500 characters). */
    async setDeliveryInstructions(input: DeliveryInstructionsInput): Promise<CartWithMessage> {
      const vendorId =
        input.vendorId ?? (await cartsRepository(db).latestNonEmptyCart(input.userId))?.vendor_id;
      if (vendorId === undefined) throw notFound("Your cart is empty");
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
      options: { orderType?: OrderType | undefined; tx?: Queryable | undefined } = {},
    ): Promise<PricedCart> {
      const q = options.tx ?? db;
      const vendor = await requireVendor(q, vendorId);
      return priceCart(
        q,
        vendor,
        await cartsRepository(q).findCart(userId, vendorId),
        options.orderType,
      );
    },

    /**
     * The basket (issue 16): every non-empty cart of the customer, priced like `getCartForCheckout`, in the
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
          await priceCart(q, await requireVendor(q, cart.vendor_id), cart, options.orderType),
        );
      }
      return priced;
    },

    /** For checkout: empties the customer's cart for a vendor; pass the order's transaction as `tx`. */
    clearCart,
  };
}

export type CartService = ReturnType<typeof createCartService>;
