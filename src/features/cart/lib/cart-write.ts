import type { Cart } from "@contract/cart";
import type { CartChange } from "./optimistic-cart";

/** The variables of a cart write, saved with a queued write: plain data only. */
export type CartWrite = CartChange & {
  /** Sent with the write; the server applies one id once, so a replay or a retry cannot double it. */
  mutationId: string;
  /** Made while offline: drawn in the cart at once and sent when the network returns. */
  queued: boolean;
  /**
   * Restored after a reload that caught it in flight: the server may already have it, so it is sent again (its id
   * makes that harmless) and announced, but not drawn on top of the server's cart.
   */
  inFlightAtRestore?: boolean;
  /** For messages about this write ('Couldn't add Margherita'). */
  itemName?: string;
};

export type CartWriteKind = CartWrite["kind"];

/** What every write resolves with: the server's cart (when it sent one) and its message. */
export interface CartWriteResult {
  cart: Cart | null;
  message: string | null;
}
