/**
 * A cash order as a TanStack mutation registered by key, like the cart writes: placed offline it waits as a
 * paused mutation (saved with the query cache, so a reload keeps it), carrying its Idempotency-Key, and is
 * sent once when the network returns — after the cart changes queued before it (same scope), so it is priced
 * from the cart the customer saw.
 */

import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { MESSAGES } from "@contract/messages";
import { type CreateOrderRequest, createOrderResponseSchema } from "@contract/orders";
import type { MutationScope, QueryClient, QueryKey } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isNetworkFailure, isServerAnswer, startWithBrowserOnlineState } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import { finishCheckoutAttempt, type PlacedCashOrder } from "../lib/pending-checkout";

export const cashOrderKey = ["checkout", "cash-order"] as const;

/**
 * What a cash order needs of the cart, handed in by src/app from the cart's keeper (features/cart/api/cart-keeper.ts):
 * a feature never imports another, and the cart's keys, queue and fetch are the keeper's alone.
 */
export interface CashOrderCart {
  /** Every cart query's key prefix: the carts are read again after an order or a refused checkout. */
  queryKey: QueryKey;
  /** The cart writes' queue: a queued order joins it, so it goes after the cart changes queued before it. */
  writeScope: MutationScope;
  /** GET /cart for one trailer: the server's cart as it stands. */
  fetchCart(vendorId: number, orderType: OrderType | null, signal?: AbortSignal): Promise<Cart>;
}

/** One cart line as the customer confirmed it: what a queued order checks before it is sent. */
export interface ConfirmedLine {
  menuItemId: number;
  quantity: number;
  addonIds: number[];
  allergyInformation: string;
}

/** The variables of a cash order (plain data: a queued one is saved with the query cache). */
export interface CashOrderWrite {
  order: CreateOrderRequest;
  /** Kept per checkout attempt: the server answers a repeat with the first order. */
  idempotencyKey: string;
  /** Placed while offline. */
  queued: boolean;
  /** The cart the customer saw when placing it. */
  lines: ConfirmedLine[];
  /** What the cash screen shows before it reads the order back. */
  summary: Omit<PlacedCashOrder, "orderId">;
}

export const QUEUED_ORDER_MESSAGES = {
  title: "Order waiting for connection",
  button: "Waiting for connection",
  sending: "Sending your order…",
  cancel: "Don't send this order",
  cardNeedsConnection:
    "Card payment needs a connection. Try again when you're back online, or pay cash at the counter.",
  cartChanged:
    "Your cart changed while you were offline, so the order was not sent. Check your cart and place it again.",
  notSentTitle: "Your order was not sent",
} as const;

export const waitingText = (vendorName: string) =>
  `We'll send it to ${vendorName || "the trailer"} as soon as you're back online, then show you how to pay.`;

/** POST /orders for a cash order; the key makes a retry return the same order. */
export const placeCashOrder = (order: CreateOrderRequest, idempotencyKey: string) =>
  api.post("/orders", order, createOrderResponseSchema, {
    headers: { "Idempotency-Key": idempotencyKey },
  });

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The lines of a cart, in a form that compares (order of lines and add-ons does not matter). */
export function confirmedLines(cart: Pick<Cart, "items">): ConfirmedLine[] {
  return cart.items
    .map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      addonIds: sortedIds(
        line.addons.flatMap((group) => group.addons.map((addon) => addon.addonId)),
      ),
      allergyInformation: line.allergyInformation.trim(),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

export const sameLines = (a: readonly ConfirmedLine[], b: readonly ConfirmedLine[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export class CartChangedError extends Error {
  constructor() {
    super(QUEUED_ORDER_MESSAGES.cartChanged);
    this.name = "CartChangedError";
  }
}

/**
 * A queued order goes only if the server's cart is still what the customer confirmed: a cart change refused
 * on replay (sold out, closed) must not turn into an order they never saw.
 */
async function sendQueuedOrder(cart: CashOrderCart, write: CashOrderWrite) {
  const serverCart = await cart.fetchCart(Number(write.order.vendorId), write.order.orderType);
  if (!sameLines(confirmedLines(serverCart), write.lines)) throw new CartChangedError();
  return placeCashOrder(write.order, write.idempotencyKey);
}

/** A failed cash order: the server's reason when it gave one, else the spec's 'Failed to place order'. */
export function cashOrderError(error: unknown): string {
  if (error instanceof CartChangedError) return error.message;
  if (isServerAnswer(error) && error.status < 500 && error.message !== MESSAGES.postFailed)
    return error.message;
  return MESSAGES.cashOrderFailed;
}

export interface CashOrderHandlers {
  /** The order exists: forget the local cart and show the cash screen (or say where it is). */
  placed(order: PlacedCashOrder, write: CashOrderWrite): void;
  /** A queued order was refused or could not be sent: show the server's cart again. */
  notSent(write: CashOrderWrite): void;
}

let handlers: CashOrderHandlers | null = null;

/** The app says what happens after an order (navigation belongs to it). */
export function setCashOrderHandlers(next: CashOrderHandlers): void {
  handlers = next;
}

const registered = new WeakSet<QueryClient>();

/**
 * Registers the cash order's behaviour under its key, in the cart writes' queue; before a saved cache is restored,
 * and again does nothing.
 */
export function registerCashOrders(client: QueryClient, cart: CashOrderCart): void {
  if (registered.has(client)) return;
  registered.add(client);
  startWithBrowserOnlineState();
  client.setMutationDefaults<{ id: number }, Error, CashOrderWrite>(cashOrderKey, {
    scope: cart.writeScope,
    networkMode: "online",
    retry: (failureCount, error) => isNetworkFailure(error) && failureCount < 3,
    mutationFn: (write) =>
      write.queued
        ? sendQueuedOrder(cart, write)
        : placeCashOrder(write.order, write.idempotencyKey),
    onSuccess: (created, write) => {
      finishCheckoutAttempt();
      handlers?.placed({ ...write.summary, orderId: created.id }, write);
    },
    onError: (error, write) => {
      if (!write.queued) return; // the cart page shows it under the button
      toasts.push({
        kind: "error",
        title: QUEUED_ORDER_MESSAGES.notSentTitle,
        message: cashOrderError(error),
      });
      handlers?.notSent(write);
    },
  });
}
