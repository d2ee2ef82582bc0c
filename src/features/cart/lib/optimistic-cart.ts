/**
 * The cart as the customer should see it while changes wait for the network: the last cart the server sent
 * with the queued changes applied, following the server's own rules (an identical configuration merges into
 * its line, quantity 0 removes a line, at most CART_LINE_QUANTITY_MAX of a line). Prices come from the menu the customer saw, so
 * totals are provisional until the server answers.
 *
 * One keeper per fact: the server's cart (with its `version`) comes from the server; the changes it has not
 * confirmed are the queued writes; what is shown is `rebaseCart(server, queued)`. A copy of the cart older than
 * the one shown (lower version: the worker's cached answer offline, a response that crossed a newer one) never
 * replaces it (`showNewerCart`).
 */
import { type Cart, type CartItem, emptyCart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { CART_LINE_QUANTITY_MAX } from "@contract/limits";
import { penceToPounds } from "@contract/money";
import { lineTotalPence, totalsOfLines, unitPrice } from "@contract/pricing";
import { knownCharges } from "@/lib/charges";

type CartAddonGroup = CartItem["addons"][number];

/** What the menu showed for an item: enough to draw its line before the server prices it. */
export interface KnownItem {
  name: string;
  description: string;
  image: string;
  pricePence: number;
}

/** A chosen add-on as the item page showed it. */
export interface KnownAddon {
  groupId: number;
  groupName: string;
  addonId: number;
  name: string;
  pricePence: number;
}

export interface KnownVendor {
  id: number;
  name: string;
  preparationTime: { min: number; max: number };
}

/** One configuration of an item: a line is found by it when its id is not known yet (or is a stand-in). */
export interface LineConfig {
  menuItemId: number;
  addonIds: number[];
  allergyInformation: string;
}

interface ChangeBase {
  vendorId: number;
  orderType: OrderType | null;
}

export type CartChange =
  | (ChangeBase & {
      kind: "add";
      menuItemId: number;
      /** The stand-in id of the line this add creates (negative), until the server gives it a real one. */
      tempLineId: number;
      item?: KnownItem;
      vendor?: KnownVendor;
    })
  | (ChangeBase & {
      kind: "add-with-addons";
      menuItemId: number;
      tempLineId: number;
      addonSelections: { addonGroupId: number; addonId: number; quantity: number }[];
      allergyInformation?: string;
      /** How many to add (1 unless 'Order Again' adds a line as it was ordered). */
      quantity?: number;
      item?: KnownItem;
      addons?: KnownAddon[];
      vendor?: KnownVendor;
    })
  | (ChangeBase & {
      kind: "update";
      menuItemId: number;
      lineId?: number;
      line?: LineConfig;
      quantity: number;
    })
  | (ChangeBase & {
      kind: "allergy";
      menuItemId: number;
      lineId?: number;
      line?: LineConfig;
      allergyInformation: string;
    })
  | (ChangeBase & { kind: "delivery-instructions"; instructions: string })
  | (ChangeBase & { kind: "clear" });

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

export const isStandInLineId = (lineId: number | undefined) => lineId !== undefined && lineId < 0;

export function configOfLine(line: CartItem): LineConfig {
  return {
    menuItemId: line.menuItemId,
    addonIds: sortedIds(line.addons.flatMap((group) => group.addons.map((addon) => addon.addonId))),
    allergyInformation: line.allergyInformation.trim(),
  };
}

const sameConfig = (a: LineConfig, b: LineConfig) =>
  a.menuItemId === b.menuItemId &&
  a.allergyInformation.trim() === b.allergyInformation.trim() &&
  a.addonIds.length === b.addonIds.length &&
  sortedIds(a.addonIds).every((id, index) => id === sortedIds(b.addonIds)[index]);

/** The line a change means: by its id, else (a stand-in id, or a line the server has since renumbered) by configuration. */
export function findLine(
  items: readonly CartItem[],
  lineId: number | undefined,
  config: LineConfig | undefined,
): CartItem | undefined {
  const byId = lineId === undefined ? undefined : items.find((line) => line.lineId === lineId);
  if (byId) return byId;
  return config ? items.find((line) => sameConfig(configOfLine(line), config)) : undefined;
}

function pricedLine(line: CartItem): CartItem {
  const totalPricePence = lineTotalPence(
    { unitBasePence: line.pricePence, addonTotalPence: line.addonTotalPence },
    line.quantity,
  );
  return { ...line, totalPricePence, totalPrice: penceToPounds(totalPricePence) };
}

function groupAddons(addons: readonly KnownAddon[]): CartAddonGroup[] {
  const groups: CartAddonGroup[] = [];
  for (const addon of addons) {
    let group = groups.find((candidate) => candidate.groupId === addon.groupId);
    if (!group) {
      group = { groupId: addon.groupId, groupName: addon.groupName, addons: [] };
      groups.push(group);
    }
    group.addons.push({
      addonId: addon.addonId,
      name: addon.name,
      quantity: 1,
      price: penceToPounds(addon.pricePence),
      total: penceToPounds(addon.pricePence),
      pricePence: addon.pricePence,
    });
  }
  return groups;
}

/** A new line drawn from the menu: the chosen portion's price is the base price, other add-ons add to it (as on the server). */
function newLine(
  menuItemId: number,
  lineId: number,
  item: KnownItem,
  addons: readonly KnownAddon[],
  allergyInformation: string,
  quantity: number,
): CartItem {
  const { unitBasePence: pricePence, addonTotalPence } = unitPrice(item.pricePence, addons);
  return pricedLine({
    id: `item_${menuItemId}`,
    lineId,
    menuItemId,
    name: item.name,
    description: item.description,
    image: item.image,
    quantity,
    price: penceToPounds(pricePence),
    addonTotal: penceToPounds(addonTotalPence),
    totalPrice: 0,
    pricePence,
    addonTotalPence,
    totalPricePence: 0,
    allergyInformation,
    addons: groupAddons(addons),
  });
}

function addLine(
  cart: Cart,
  change: Extract<CartChange, { kind: "add" | "add-with-addons" }>,
): CartItem[] {
  const addons = change.kind === "add-with-addons" ? (change.addons ?? []) : [];
  const note = change.kind === "add-with-addons" ? (change.allergyInformation ?? "").trim() : "";
  const config: LineConfig = {
    menuItemId: change.menuItemId,
    addonIds: addons.map((addon) => addon.addonId),
    allergyInformation: note,
  };
  const added = change.kind === "add-with-addons" ? (change.quantity ?? 1) : 1;
  const existing = findLine(cart.items, undefined, config);
  if (existing) {
    const quantity = Math.min(CART_LINE_QUANTITY_MAX, existing.quantity + added);
    return cart.items.map((line) => (line === existing ? pricedLine({ ...line, quantity }) : line));
  }
  // An item the menu never showed cannot be drawn: it appears when the server answers.
  if (!change.item) return cart.items;
  const quantity = Math.min(CART_LINE_QUANTITY_MAX, added);
  return [
    ...cart.items,
    newLine(change.menuItemId, change.tempLineId, change.item, addons, note, quantity),
  ];
}

function changedItems(cart: Cart, change: CartChange): CartItem[] {
  switch (change.kind) {
    case "add":
    case "add-with-addons":
      return addLine(cart, change);
    case "update": {
      const target = findLine(cart.items, change.lineId, change.line);
      if (!target) return cart.items;
      if (change.quantity <= 0) return cart.items.filter((line) => line !== target);
      const quantity = Math.min(CART_LINE_QUANTITY_MAX, change.quantity);
      return cart.items.map((line) => (line === target ? pricedLine({ ...line, quantity }) : line));
    }
    case "allergy": {
      const target = findLine(cart.items, change.lineId, change.line);
      const note = change.allergyInformation.trim();
      return cart.items.map((line) =>
        line === target ? { ...line, allergyInformation: note } : line,
      );
    }
    case "clear":
      return [];
    case "delivery-instructions":
      return cart.items;
  }
}

/**
 * Totals from the lines, by the server's own rule (contract/pricing.ts totalsOfLines) with the server's charges as
 * GET /api/config last gave them (src/lib/charges.ts), so a cart written offline shows every charge the server will
 * add. Before the server has ever answered, the charges of the last cart it sent stand in.
 */
function withTotals(cart: Cart, items: CartItem[], orderType: OrderType | null): Cart {
  const type = orderType ?? cart.orderType;
  const { subtotalPence, serviceChargePence, deliveryChargePence, totalPence } = totalsOfLines(
    items.map((line) => line.totalPricePence),
    type,
    knownCharges() ?? {
      serviceChargePence: cart.serviceChargePence,
      deliveryFeePence: cart.deliveryChargePence,
    },
  );
  return {
    ...cart,
    items,
    orderType: type,
    subtotalPence,
    serviceChargePence,
    deliveryChargePence,
    totalPence,
    subtotal: penceToPounds(subtotalPence),
    serviceCharge: penceToPounds(serviceChargePence),
    deliveryCharge: penceToPounds(deliveryChargePence),
    total: penceToPounds(totalPence),
  };
}

/** A vendor's cart before anything came back from the server. */
function startingCart(change: CartChange): Cart {
  const vendor = "vendor" in change ? change.vendor : undefined;
  return {
    ...emptyCart(),
    vendorId: change.vendorId,
    orderType: change.orderType,
    vendor_info: vendor ?? null,
  };
}

/** The cart after one change. `cart` is the vendor's cart as last shown (undefined: none known yet). */
export function applyCartChange(cart: Cart | undefined, change: CartChange): Cart {
  const base =
    cart && (cart.vendorId === change.vendorId || cart.vendorId === null)
      ? cart
      : startingCart(change);
  const withVendor: Cart = {
    ...base,
    vendorId: change.vendorId,
    vendor_info: base.vendor_info ?? ("vendor" in change ? (change.vendor ?? null) : null),
    deliveryInstructions:
      change.kind === "delivery-instructions"
        ? change.instructions.trim()
        : base.deliveryInstructions,
  };
  return withTotals(withVendor, changedItems(withVendor, change), change.orderType);
}

/** The server's cart with the changes still waiting applied on top, in order (only that vendor's changes). */
export function rebaseCart(serverCart: Cart, waiting: readonly CartChange[]): Cart {
  return waiting.reduce<Cart>(
    (cart, change) =>
      change.vendorId === (cart.vendorId ?? change.vendorId) ? applyCartChange(cart, change) : cart,
    serverCart,
  );
}

/**
 * Whether `candidate` (a server answer, or a copy of one) is older than the cart already `shown` for the same
 * vendor. Versions only compare within one vendor's cart; a cart with no version (saved before versions
 * existed) is never called newer. Removal of that case: versions shipped on 2026-11-23, a saved query cache lives
 * 24 h and the worker's cart copies 7 days, so from 2026-12-01 every shown cart has one.
 */
export function isOlderCart(candidate: Cart, shown: Cart | undefined): boolean {
  if (!shown || shown.vendorId === null || candidate.vendorId !== shown.vendorId) return false;
  return typeof shown.version === "number" && candidate.version < shown.version;
}

/**
 * What the screen shows after a server answer (or a cached copy of one) arrives: the answer with the queued
 * writes on top, unless it is older than what is already shown, which then stays (it already carries the
 * queued writes).
 */
export function showNewerCart(
  shown: Cart | undefined,
  answer: Cart,
  waiting: readonly CartChange[],
): Cart {
  return isOlderCart(answer, shown) && shown ? shown : rebaseCart(answer, waiting);
}
