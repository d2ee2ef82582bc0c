/**
 * Reading a cart: its lines and add-ons priced from the database (contract/pricing), and the wire shape the
 * spec's cart endpoints answer with. Pure reads, no writes.
 */

import { type AllergenId, mergeAllergens } from "@contract/allergens";
import { slotShiftMinutes } from "@contract/basket-timing";
import { DEFAULT_VAT_RATE, type VatRate } from "@contract/business";
import type { Cart, CartItem, TradingFactsWire } from "@contract/cart";
import { itemIdString, type OrderType } from "@contract/common";
import { penceToPounds } from "@contract/money";
import { SLOT_MINUTES } from "@contract/park-operations";
import {
  type CartTotals,
  type Charges,
  cartTotals,
  isPortionGroup,
  type LinePrice,
  priceLine,
} from "@contract/pricing";
import type { Queryable } from "@server/db/database.js";
import {
  type CartRow,
  cartsRepository,
  type PricedLineRow,
} from "@server/db/repositories/carts.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import { NotFound } from "@server/domain-errors.js";
import { busyUntil, hoursTimes } from "../catalogue/trading-hours.js";
import { vendorTradingStatus } from "../catalogue/vendor-service.js";

export const DEFAULT_ORDER_TYPE: OrderType = "takeaway";

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
  /** Per cent VAT the add-on is sold at. */
  vatRate: VatRate;
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
  /** False when the item was switched off or sold out (it or a chosen add-on) after it was added. */
  available: boolean;
  addons: PricedLineAddon[];
  /** Per cent VAT the item is sold at. */
  vatRate: VatRate;
}

/** A cart priced from the database, as checkout needs it (pence only). */
export interface PricedCart {
  vendor: {
    id: number;
    name: string;
    /** Trading and switched on: orders may be placed. */
    open: boolean;
    /** Paused by its staff (not open). */
    busy?: boolean;
    preparationTime: { min: number; max: number };
    /** For the line beside its badge. */
    trading?: TradingFactsWire;
    /** Minutes a full 15-minute slot adds to preparationTime (already included in it). */
    slotShiftMinutes?: number;
    /** Has a VAT number: its orders carry VAT (receipts). */
    vatRegistered?: boolean;
  };
  orderType: OrderType;
  deliveryInstructions: string;
  lines: PricedLine[];
  totals: CartTotals;
  /** The cart row's version (0: no cart yet); every write raises it. */
  version: number;
}

export function toCartItem(line: PricedLine): CartItem {
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
    ...(line.available ? {} : { soldOut: true }),
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
    itemAllergens: line.itemAllergens,
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
      ...(priced.vendor.trading ? { trading: priced.vendor.trading } : {}),
    },
  };
}

/**
 * Orders per 15-minute slot: how many minutes later than its preparation time an order placed now would be
 * ready, so that it lands in the first slot (from now + max) still under the cap; `full` when that first slot is.
 */
export async function slotShift(
  q: Queryable,
  vendorId: number,
  cap: number,
  preparationMax: number,
  now: Date = new Date(),
): Promise<{ minutes: number; full: boolean }> {
  const slotMs = SLOT_MINUTES * 60_000;
  const readyAt = now.getTime() + preparationMax * 60_000;
  const first = Math.floor(readyAt / slotMs);
  const rows = await q.query<{ slot: string | number; count: number }>(
    `select floor(extract(epoch from estimated_ready_at) * 1000 / $3)::bigint as slot, count(*)::int as count
     from orders where vendor_id = $1 and status <> 'cancelled' and estimated_ready_at >= $2
     group by 1`,
    [vendorId, new Date(first * slotMs), slotMs],
  );
  const counts = new Map(rows.map((row) => [Number(row.slot), row.count]));
  // The rule itself lives in contract/basket-timing.ts (the rush simulation runs it too).
  return slotShiftMinutes((slot) => counts.get(slot) ?? 0, cap, preparationMax, now.getTime());
}

export async function requireVendor(q: Queryable, vendorId: number): Promise<VendorRow> {
  const vendor = await vendorsRepository(q).findById(vendorId);
  if (!vendor) throw new NotFound(`Vendor ${vendorId} not found`);
  return vendor;
}

/** A cart (or none yet) priced from the database, its totals for `orderType` (else the cart's, else takeaway). */
export async function priceCart(
  q: Queryable,
  charges: Charges,
  vendor: VendorRow,
  cart: CartRow | null,
  orderType?: OrderType,
  /** The cart's lines when the caller already read them (not read again). */
  readLines?: readonly PricedLineRow[],
): Promise<PricedCart> {
  const repo = cartsRepository(q);
  // Lines and their add-ons in one statement.
  const lineRows = readLines ?? (cart ? await repo.linesWithAddons(cart.id) : []);
  const lines = lineRows.map((row): PricedLine => {
    const addons = row.addons.map((addon) => ({
      addonId: addon.addon_id,
      groupId: addon.group_id,
      groupName: addon.group_name,
      name: addon.addon_name,
      quantity: addon.quantity,
      pricePence: addon.addon_price_pence,
      isPortion: isPortionGroup(addon.group_name),
      allergens: mergeAllergens(addon.addon_allergens),
      vatRate: (addon.addon_vat_rate ?? row.item_vat_rate ?? DEFAULT_VAT_RATE) as VatRate,
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
      vatRate: (row.item_vat_rate ?? DEFAULT_VAT_RATE) as VatRate,
    };
  });
  const effectiveOrderType = orderType ?? cart?.order_type ?? DEFAULT_ORDER_TYPE;
  const status = vendorTradingStatus(vendor);
  const slot =
    status === "open" && vendor.slot_cap
      ? await slotShift(q, vendor.id, vendor.slot_cap, vendor.preparation_time_max)
      : { minutes: 0, full: false };
  const pausedWhenFull = slot.full && vendor.pause_when_full === true;
  return {
    vendor: {
      id: vendor.id,
      name: vendor.name,
      open: status === "open" && !pausedWhenFull,
      vatRegistered: Boolean(vendor.vat_number),
      busy: status === "busy" || pausedWhenFull,
      trading: {
        status: pausedWhenFull ? "busy" : status,
        busyUntil: busyUntil(vendor),
        ...hoursTimes(vendor),
      },
      // A full 15-minute slot moves the estimate to the next free one (the one estimated-time rule shows it).
      preparationTime: {
        min: vendor.preparation_time_min + (pausedWhenFull ? 0 : slot.minutes),
        max: vendor.preparation_time_max + (pausedWhenFull ? 0 : slot.minutes),
      },
      slotShiftMinutes: pausedWhenFull ? 0 : slot.minutes,
    },
    orderType: effectiveOrderType,
    deliveryInstructions: cart?.delivery_instructions ?? "",
    version: cart?.version ?? 0,
    lines,
    // A line that sold out (or was switched off) after it was added is shown apart and not paid for.
    totals: cartTotals(
      lines.filter((line) => line.available).map((line) => line.totalPence),
      effectiveOrderType,
      charges,
    ),
  };
}

/** The customer's cart for a vendor, on the wire. */
export async function loadCart(
  q: Queryable,
  charges: Charges,
  userId: number,
  vendorId: number,
  orderType?: OrderType,
): Promise<Cart> {
  const vendor = await requireVendor(q, vendorId);
  const cart = await cartsRepository(q).findCart(userId, vendorId);
  return toWireCart(await priceCart(q, charges, vendor, cart, orderType));
}

/** `loadCart` when the vendor's row is already at hand (a cart write read it): one statement fewer. */
export async function loadVendorCart(
  q: Queryable,
  charges: Charges,
  userId: number,
  vendor: VendorRow,
): Promise<Cart> {
  const cart = await cartsRepository(q).findCart(userId, vendor.id);
  return toWireCart(await priceCart(q, charges, vendor, cart));
}
