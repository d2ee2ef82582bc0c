import type { MenuItem } from "@contract/vendors";

/** What the vendor menu needs from the cart; src/app wires it to the cart feature. */
export interface MenuCartControls {
  /** Distinct cart lines across every trailer, for the header badge. */
  lineCount: number;
  /** Where the cart button leads: the cart, scrolled to this trailer's section. */
  cartHref: string;
  /** Everything in this trailer's basket (quantities summed) and its items' price, for the sticky basket bar. */
  basket: { itemCount: number; subtotalPence: number };
  /** Everything in the whole park basket (every trailer, quantities summed): the bar says so when it differs. */
  parkItemCount: number;
  quantityOf(menuItemId: number): number;
  isAdding(menuItemId: number): boolean;
  /** Any write for this item is waiting for the server. */
  isBusy(menuItemId: number): boolean;
  /** Adds one; resolves with a note to show under the item's name (e.g. saved offline), rejects with the error. */
  add(item: MenuItem): Promise<string | undefined>;
  step(item: MenuItem, delta: 1 | -1): void;
}
