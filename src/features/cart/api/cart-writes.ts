/**
 * Every cart write as a TanStack mutation whose behaviour is registered by mutation key (mutation defaults), so a
 * write made offline survives a reload: it is saved with the query cache as a paused mutation and, restored,
 * finds its mutationFn and callbacks here. Online, a write waits for the server (the page shows it busy);
 * offline it is queued, drawn at once in the cart, and replayed in order when the network returns.
 */

import type { Cart } from "@contract/cart";
import { MESSAGES } from "@contract/messages";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { CART_MUTATION_SCOPE } from "@/lib/mutation-scopes";
import { toasts } from "@/lib/toast-store";
import { writeLocalCart } from "../lib/cart-storage";
import type { CartWrite } from "../lib/cart-write";
import { applyCartChange, findLine, isStandInLineId, showNewerCart } from "../lib/optimistic-cart";
import { cartApi, cartQueryKeys, fetchCart, queuedWrites } from "./cart-api";

export type { CartWrite } from "../lib/cart-write";
export { queuedWrites };

/** What every write resolves with: the server's cart (when it sent one) and its message. */
export interface CartWriteResult {
  cart: Cart | null;
  message: string | null;
}

export const QUEUED_MESSAGES = {
  waiting: "Waiting for connection — your changes will be sent when you're back online",
  sending: "Sending your changes…",
  provisionalTotal: "Total updates when you're back online",
  provisionalWhileSending: "Total updates once your changes are sent",
  savedOffline: "Saved — it will be sent when you're back online",
} as const;

const GENERIC_MESSAGES: readonly string[] = [
  MESSAGES.fetchFailed,
  MESSAGES.postFailed,
  MESSAGES.updateFailed,
  MESSAGES.deleteFailed,
];

/** The server's own explanation ('Churro Loco is closed right now'), when it gave one. */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.network) return null;
  return GENERIC_MESSAGES.includes(error.message) ? null : error.message;
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.network;

export const isOnline = () => onlineManager.isOnline();

const asCartWrite = (variables: unknown) => variables as CartWrite | undefined;

function pendingWrites(client: QueryClient): CartWrite[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: cartQueryKeys.writes, status: "pending" })
    .map((mutation) => asCartWrite(mutation.state.variables))
    .filter((write): write is CartWrite => write !== undefined);
}

const otherWritesPending = (client: QueryClient, mutationId: string) =>
  pendingWrites(client).some((write) => write.mutationId !== mutationId);

const cartQueryKeysOf = (write: CartWrite) =>
  [
    cartQueryKeys.detail(write.vendorId, write.orderType),
    cartQueryKeys.detail(null, write.orderType),
  ] as const;

/** The vendor's cart as last shown: its own query, else the 'latest cart' query when that is the same vendor's. */
function shownCart(client: QueryClient, write: CartWrite): Cart | undefined {
  const [vendorKey, latestKey] = cartQueryKeysOf(write);
  const own = client.getQueryData<Cart>(vendorKey);
  if (own) return own;
  const latest = client.getQueryData<Cart>(latestKey);
  return latest?.vendorId === write.vendorId ? latest : undefined;
}

function showCart(client: QueryClient, write: CartWrite, cart: Cart): void {
  // The vendor written to becomes the current cart vendor.
  writeLocalCart(cart);
  for (const key of cartQueryKeysOf(write)) client.setQueryData(key, cart);
}

/** A queued write is drawn in the cart at once. */
async function drawQueuedWrite(client: QueryClient, write: CartWrite): Promise<void> {
  // A refetch landing later would hide the change.
  await client.cancelQueries({ queryKey: cartQueryKeys.all });
  showCart(client, write, applyCartChange(shownCart(client, write), write));
}

/** The server answered: show its cart, with the writes still queued after this one drawn on top. */
async function acceptServerCart(
  client: QueryClient,
  write: CartWrite,
  serverCart: Cart,
): Promise<void> {
  const cart =
    serverCart.vendorId === null ? { ...serverCart, vendorId: write.vendorId } : serverCart;
  // An older GET still in flight must not land on top of this newer cart.
  await client.cancelQueries({ queryKey: cartQueryKeys.all });
  showCart(
    client,
    write,
    showNewerCart(shownCart(client, write), cart, queuedWrites(client, write.mutationId)),
  );
  // Anything that lost its only fetch to the cancel fetches again.
  void client.invalidateQueries({
    queryKey: cartQueryKeys.all,
    predicate: (query) => query.state.data === undefined,
  });
}

/** After a refusal: the server's cart for that vendor, read now (whether or not a page shows it). */
async function refreshFromServer(client: QueryClient, write: CartWrite): Promise<void> {
  try {
    await acceptServerCart(
      client,
      write,
      await fetchCart(write.vendorId, write.orderType, new AbortController().signal),
    );
  } catch {
    void client.invalidateQueries({ queryKey: cartQueryKeys.all });
  }
}

/**
 * The real id of the line a write means. A line drawn offline has a stand-in id until the add that made it is
 * sent; by then the cart shows the server's line of that configuration. `null`: the line never came to be
 * (its add was refused), so there is nothing to send.
 */
function lineIdToSend(
  client: QueryClient,
  write: Extract<CartWrite, { kind: "update" | "allergy" }>,
): number | undefined | null {
  if (!isStandInLineId(write.lineId)) return write.lineId;
  const line = findLine(shownCart(client, write)?.items ?? [], undefined, write.line);
  return line && !isStandInLineId(line.lineId) ? line.lineId : null;
}

const fromCart = ({ message, ...cart }: Cart & { message?: string }): CartWriteResult => ({
  cart,
  message: message ?? null,
});
const nothingSent: CartWriteResult = { cart: null, message: null };

export function sendCartWrite(client: QueryClient, write: CartWrite): Promise<CartWriteResult> {
  const common = {
    vendorId: write.vendorId,
    orderType: write.orderType ?? undefined,
    mutationId: write.mutationId,
  };
  switch (write.kind) {
    case "add":
      return cartApi.add({ ...common, itemId: write.menuItemId, quantity: 1 }).then(fromCart);
    case "add-with-addons":
      return cartApi
        .addWithAddons({
          ...common,
          itemId: write.menuItemId,
          quantity: 1,
          addonSelections: write.addonSelections,
          allergyInformation: write.allergyInformation || undefined,
        })
        .then(fromCart);
    case "update": {
      const lineId = lineIdToSend(client, write);
      if (lineId === null) return Promise.resolve(nothingSent);
      return cartApi
        .update({ ...common, itemId: write.menuItemId, quantity: write.quantity, lineId })
        .then(fromCart);
    }
    case "allergy": {
      const lineId = lineIdToSend(client, write);
      if (lineId === null) return Promise.resolve(nothingSent);
      return cartApi.allergy({
        itemId: write.menuItemId,
        allergyInformation: write.allergyInformation,
        vendorId: write.vendorId,
        lineId,
        mutationId: write.mutationId,
      });
    }
    case "delivery-instructions":
      return cartApi.deliveryInstructions({
        instructions: write.instructions,
        vendorId: write.vendorId,
        mutationId: write.mutationId,
      });
    case "clear":
      return cartApi.removeAllByVendor(write.vendorId, write.mutationId).then(fromCart);
  }
}

/** What a refused replay says: the item and the server's reason. */
export function refusalToast(write: CartWrite, error: unknown): { title: string; message: string } {
  const name = write.itemName ?? ("item" in write ? write.item?.name : undefined) ?? "an item";
  const titles: Record<CartWrite["kind"], string> = {
    add: `Couldn't add ${name}`,
    "add-with-addons": `Couldn't add ${name}`,
    update: `Couldn't change ${name}`,
    allergy: `Couldn't save the allergy note for ${name}`,
    "delivery-instructions": "Couldn't save your delivery instructions",
    clear: "Couldn't clear your cart",
  };
  const reason =
    serverReason(error) ??
    (isNetworkFailure(error)
      ? "The connection dropped before it could be sent. Please try again."
      : "Please try again.");
  return { title: titles[write.kind], message: reason };
}

function liveFailureToast(write: CartWrite, error: unknown): void {
  const reason = serverReason(error);
  const toast = (fallback: string) =>
    toasts.push(
      reason
        ? { kind: "cart", title: fallback, message: reason }
        : { kind: "cart", message: fallback },
    );
  // Adds report their failure where they were made (the menu's banner, the item page's toast).
  if (write.kind === "update") toast(MESSAGES.cartUpdateFailed);
  else if (write.kind === "delivery-instructions") toast(MESSAGES.deliveryInstructionsFailed);
  else if (write.kind === "clear") toast(MESSAGES.cartClearFailed);
  else if (write.kind === "allergy")
    toasts.push({ kind: "cart", message: reason ?? MESSAGES.allergyFailed });
}

function liveSuccessToast(write: CartWrite): void {
  if (write.kind === "allergy") toasts.push({ kind: "success", message: MESSAGES.allergySaved });
  else if (write.kind === "delivery-instructions")
    toasts.push({ kind: "success", message: MESSAGES.deliveryInstructionsSaved });
  else if (write.kind === "clear") toasts.push({ kind: "success", message: MESSAGES.cartCleared });
}

const registered = new WeakSet<QueryClient>();

/**
 * Registers the cart writes' behaviour under their mutation key. Must run before a saved cache with queued
 * writes is restored (they need it to resume) and before the cart's pages mutate; running it again does nothing.
 */
export function registerCartWrites(client: QueryClient): void {
  if (registered.has(client)) return;
  registered.add(client);
  // TanStack Query assumes "online" until an event says otherwise; a page opened offline starts offline.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  client.setMutationDefaults<CartWriteResult, Error, CartWrite>(cartQueryKeys.writes, {
    scope: CART_MUTATION_SCOPE, // shared with offline cash orders: one queue
    networkMode: "online",
    // A dropped connection is retried (the same mutation id, so never applied twice); a refusal is not.
    retry: (failureCount, error) => isNetworkFailure(error) && failureCount < 3,
    mutationFn: (write) => sendCartWrite(client, write),
    onMutate: async (write) => {
      if (write.queued) await drawQueuedWrite(client, write);
    },
    onSuccess: async (result, write) => {
      if (result.cart) await acceptServerCart(client, write, result.cart);
      else if (!otherWritesPending(client, write.mutationId))
        await refreshFromServer(client, write);
      if (!write.queued) liveSuccessToast(write);
    },
    onError: (error, write) => {
      if (!write.queued) {
        liveFailureToast(write, error);
        return;
      }
      toasts.push({ kind: "cart", ...refusalToast(write, error) });
      // The next write's answer brings the server's cart; the last one in line asks for it.
      if (!otherWritesPending(client, write.mutationId)) void refreshFromServer(client, write);
    },
  });
}
