import type { CartItem } from "@contract/cart";

export interface AddToCartInput {
  addonSelections: { addonGroupId: number; addonId: number; quantity: number }[];
  allergyInformation?: string;
}

/** What the item page needs from the cart; src/app wires it to the cart feature. */
export interface ItemCartControls {
  /** This item's cart lines (one per configuration), oldest first. */
  lines: CartItem[];
  /** Every unit in the cart, for 'View Cart (n items)'. */
  totalQuantity: number;
  isAdding: boolean;
  /** Any write for this item is waiting for the server. */
  isBusy: boolean;
  /** POST /cart/add-with-addons; resolves with the server's message, rejects with its error. */
  add(input: AddToCartInput): Promise<string | undefined>;
  setLineQuantity(lineId: number, quantity: number): void;
  /** POST /cart/allergy-information for one line; resolves true when saved. */
  saveAllergy(lineId: number, text: string): Promise<boolean>;
}
