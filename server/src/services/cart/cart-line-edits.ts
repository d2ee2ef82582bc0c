/**
 * Line edits of one cart, each run inside the caller's transaction (see cart-service `write`): adding a
 * configuration, changing a line's quantity, changing a line's allergy note. Prices are never taken from the
 * customer; vendors and items are checked here.
 */
import type { OrderType } from "@contract/common";
import { MESSAGES } from "@contract/messages";
import type { Queryable } from "@server/db/database.js";
import { type CartLineRow, type CartRow, cartsRepository } from "@server/db/repositories/carts.js";
import {
  type AddonGroupWithAddons,
  type MenuItemRow,
  menuRepository,
} from "@server/db/repositories/menu.js";
import type { VendorRow } from "@server/db/repositories/vendors.js";
import { Conflict, InvalidInput, NotFound } from "@server/domain-errors.js";
import { vendorTradingStatus } from "../catalogue/vendor-service.js";
import { type AddonSelection, checkAddonSelections } from "./addon-selection.js";
import { assertWithinLineLimit, configKey, mergeTwinInto } from "./cart-config.js";

export interface Target {
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

const closedMessage = (vendor: VendorRow) =>
  vendorTradingStatus(vendor) === "busy"
    ? `${vendor.name} is busy and not taking orders right now`
    : `${vendor.name} is closed right now`;

export async function requireItemOf(
  q: Queryable,
  vendor: VendorRow,
  itemId: number,
): Promise<MenuItemRow> {
  return itemOf(vendor, await menuRepository(q).itemById(itemId), itemId);
}

/** The item as read (null: there is none), refused unless it is on this vendor's menu. */
export function itemOf(vendor: VendorRow, item: MenuItemRow | null, itemId: number): MenuItemRow {
  if (!item) throw new NotFound(`Menu item ${itemId} not found`);
  if (item.vendor_id !== vendor.id)
    throw new InvalidInput(`${item.name} is not on ${vendor.name}'s menu`);
  return item;
}

/** What adding more of an item needs: an open, switched-on vendor and an available item. */
export function assertOrderable(vendor: VendorRow, item: MenuItemRow): void {
  if (vendorTradingStatus(vendor) !== "open") throw new Conflict(closedMessage(vendor));
  if (!item.available) throw new Conflict(`${item.name} is not available right now`);
  if (item.sold_out) throw new Conflict(`${item.name} is sold out`);
}

/** No chosen add-on may be sold out. */
export function assertAddonsOrderable(
  groups: readonly AddonGroupWithAddons[],
  chosen: readonly { addonId: number }[],
): void {
  const ids = new Set(chosen.map((addon) => addon.addonId));
  for (const group of groups)
    for (const addon of group.addons)
      if (ids.has(addon.id) && addon.sold_out) throw new Conflict(`${addon.name} is sold out`);
}

/** Adds `input.quantity` of one configuration, merging into its identical line if there is one. */
export async function addConfiguration(
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
  assertWithinLineLimit(line.quantity, item.name);
  if (input.orderType) await repo.setOrderType(cart.id, input.orderType);
}

/** The plain item, no add-ons: refused when the item has groups the customer must choose from. */
export async function addPlain(tx: Queryable, vendor: VendorRow, input: AddInput): Promise<void> {
  const item = await requireItemOf(tx, vendor, input.itemId);
  assertPlainAddable(vendor, item);
  await addConfiguration(tx, input, item, [], "");
}

/** The plain item may be added: orderable, and no group of it needs a choice. */
export function assertPlainAddable(vendor: VendorRow, item: MenuItemRow): void {
  assertOrderable(vendor, item);
  // The item's row says whether a group needs a choice (is_required or a minimum, as requiredMinimum reads them).
  if (item.has_required_addon_groups) throw new InvalidInput(MESSAGES.requiredAddonsToast);
}

/** The line an edit means: `lineId`, else the item's most recently created line; only a line of that item. */
export async function findTargetLine(
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

/** Every add-on checked against the item's groups, priced from the database. */
export async function addWithAddons(
  tx: Queryable,
  vendor: VendorRow,
  input: AddWithAddonsInput,
): Promise<void> {
  const item = await requireItemOf(tx, vendor, input.itemId);
  assertOrderable(vendor, item);
  const groups = await menuRepository(tx).addonGroupsForItem(item.id);
  const chosen = checkAddonSelections(item.name, groups, input.addonSelections);
  assertAddonsOrderable(groups, chosen);
  await addConfiguration(tx, input, item, chosen, input.allergyInformation?.trim() ?? "");
}

/**
 * Sets a line's quantity (0 removes it). The line is `lineId`, else the item's most recently created line;
 * with no line yet, a positive quantity adds the plain item. Lowering is always allowed; raising needs an
 * open vendor and an available item.
 */
export async function setLineQuantity(
  tx: Queryable,
  vendor: VendorRow,
  input: UpdateInput,
): Promise<void> {
  const repo = cartsRepository(tx);
  const item = await requireItemOf(tx, vendor, input.itemId);
  const line = await findTargetLine(
    tx,
    await repo.findCart(input.userId, vendor.id),
    item.id,
    input.lineId,
  );
  if (!line && input.lineId !== undefined)
    throw new NotFound(`${item.name} is no longer in your cart`);
  if (!line) {
    if (input.quantity > 0) await addPlain(tx, vendor, input);
    return;
  }
  if (input.quantity > line.quantity) assertOrderable(vendor, item);
  const cart = await repo.touchCart(input.userId, vendor.id);
  if (input.quantity === 0) await repo.deleteLine(line.id);
  else await repo.setLineQuantity(line.id, input.quantity);
  if (input.orderType) await repo.setOrderType(cart.id, input.orderType);
}

/**
 * The note of one line (`lineId`, else the item's latest line). If the new note makes it identical to another
 * line, the two merge.
 */
export async function setLineNote(
  tx: Queryable,
  vendor: VendorRow,
  item: MenuItemRow,
  input: AllergyInput,
): Promise<void> {
  await requireItemOf(tx, vendor, item.id);
  const repo = cartsRepository(tx);
  const line = await findTargetLine(
    tx,
    await repo.findCart(input.userId, vendor.id),
    item.id,
    input.lineId,
  );
  if (!line) throw new NotFound(`${item.name} is not in your cart`);
  const note = input.allergyInformation.trim();
  const addonIds = (await repo.lineAddonSelections(line.id)).map((addon) => addon.addonId);
  const key = configKey(item.id, addonIds, note);
  await repo.touchCart(input.userId, vendor.id);
  if (key === line.config_key) return;
  await mergeTwinInto(tx, line, key, item.name);
  await repo.setLineAllergy(line.id, note, key);
}
