/**
 * Identical configurations: a cart holds one line per configuration (same item, same add-ons, same trimmed
 * allergy note), so adding an identical configuration, or editing a note until two lines match, merges them.
 * A merged line keeps the per-line limit (contract/limits).
 */
import { createHash } from "node:crypto";
import { CART_LINE_QUANTITY_MAX } from "@contract/limits";
import type { Queryable } from "@server/db/database.js";
import { type CartLineRow, cartsRepository } from "@server/db/repositories/carts.js";
import { InvalidInput } from "@server/domain-errors.js";

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

/** Refuses a line above the per-line limit. */
export function assertWithinLineLimit(quantity: number, itemName: string): void {
  if (quantity > CART_LINE_QUANTITY_MAX) throw lineAboveLimit(itemName);
}

export const lineAboveLimit = (itemName: string) =>
  new InvalidInput(`You can have at most ${CART_LINE_QUANTITY_MAX} of ${itemName} in your cart`);

/**
 * A line whose configuration becomes `key` (its note changed): if another line of the cart already has that
 * configuration, that twin is folded into `line` (quantities added, within the limit) and removed.
 */
export async function mergeTwinInto(
  tx: Queryable,
  line: CartLineRow,
  key: string,
  itemName: string,
): Promise<void> {
  const repo = cartsRepository(tx);
  const twin = await repo.findLineIdByConfigKey(line.cart_id, key);
  if (!twin) return;
  const merged = twin.quantity + line.quantity;
  assertWithinLineLimit(merged, itemName);
  await repo.deleteLine(twin.id);
  await repo.setLineQuantity(line.id, merged);
}
