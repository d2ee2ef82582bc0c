import { type BillRow, billRows, cartBill } from "@contract/bill";
import type { Cart, CartItem } from "@contract/cart";
import type { OrderType } from "@contract/common";

export type SummaryRow = BillRow;

/** The product spec (docs/product-spec.md § Screens and routes): Subtotal, Service Charge only above 0, Delivery Fee only for delivery and above 0, Total. All from the server. */
export const summaryRows = (cart: Cart): SummaryRow[] => billRows(cartBill(cart));

/** The cart badge counts distinct lines. */
export const distinctLineCount = (cart: Cart | undefined) => cart?.items.length ?? 0;

/** 'View Cart (n items)': every unit in the cart. */
export const totalQuantity = (cart: Cart | undefined) =>
  cart?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

export const linesForItem = (cart: Cart | undefined, menuItemId: number) =>
  cart?.items.filter((line) => line.menuItemId === menuItemId) ?? [];

export const quantityOfItem = (cart: Cart | undefined, menuItemId: number) =>
  linesForItem(cart, menuItemId).reduce((sum, line) => sum + line.quantity, 0);

const isPlain = (line: CartItem) =>
  line.addons.every((group) => group.addons.length === 0) && line.allergyInformation.trim() === "";

/** The line a list stepper acts on: the plain configuration when there is one, else the newest line. */
export function lineForStepper(lines: readonly CartItem[]): CartItem | undefined {
  return lines.find(isPlain) ?? lines.at(-1);
}

/** The add-on ids of a line, sorted: two lines with the same ids and note are the same configuration. */
export const lineAddonIds = (line: CartItem) =>
  line.addons.flatMap((group) => group.addons.map((addon) => addon.addonId)).sort((a, b) => a - b);

/** The product spec (docs/product-spec.md § States and transitions): the toggle shows only with more than one enabled type; exactly one is chosen for the customer. */
export function resolveOrderType(
  enabled: readonly OrderType[],
  chosen: OrderType | null,
): OrderType | null {
  if (chosen && enabled.includes(chosen)) return chosen;
  return enabled.length === 1 ? enabled[0]! : null;
}

export const showOrderTypeToggle = (enabled: readonly OrderType[]) => enabled.length > 1;
