/**
 * The one keeper of the cart on the client. It alone owns:
 * - the cart's query keys, every one under ['cart'] (`cartKeys`: nothing else builds them), and the rules that hold by that prefix (server truth: a copy
 *   shows at once and is revalidated on every mount, focus and reconnect; src/app revalidates the prefix after a
 *   restore too). Its query functions fetch and return: they write nothing.
 * - every cart write, as TanStack mutation defaults under one key (`cartKeys.writes`). Online a write waits for the
 *   server; offline it is queued: a paused mutation saved with the query cache (so it survives reloads and is
 *   shared by tabs, see src/app/query-persistence.ts), drawn in the cart at once and sent once, in order, when the
 *   network returns (its mutation id makes a replay apply once). `writeCart` is the one way in. Their queue is
 *   `cartWriteScope`: an offline cash order (features/checkout) joins it through src/app, with `fetchCart`.
 * - the current trailer (../lib/current-trailer.ts): the one last written to.
 * - the spec's local cart copy (../lib/local-cart-copy.ts), written in one place (`mirrorLocalCopy`) from the cart
 *   shown. Nothing reads it to decide what to show.
 *
 * What a cart query holds is the cart as shown: the server's answer with the writes it has not confirmed drawn on
 * top (../lib/optimistic-cart.ts `rebaseCart`). An answer older than the cart shown (a lower `version`: the
 * worker's cached copy offline, a GET that crossed a write, a restored copy) never replaces it (`showNewerCart`).
 */

import { type Cart, emptyCart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import {
  MutationObserver,
  type QueryCacheNotifyEvent,
  type QueryClient,
  type QueryKey,
  queryOptions,
} from "@tanstack/react-query";
import { isNetworkFailure, isOnline, startWithBrowserOnlineState } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import { clearLocalCartCopy } from "../lib/cart-storage";
import type { CartWrite, CartWriteResult } from "../lib/cart-write";
import {
  liveFailureToast,
  liveSuccessToast,
  QUEUED_MESSAGES,
  refusalToast,
} from "../lib/cart-write-messages";
import { chooseTrailer, currentTrailer } from "../lib/current-trailer";
import { writeLocalCartCopy } from "../lib/local-cart-copy";
import {
  applyCartChange,
  findLine,
  isStandInLineId,
  rebaseCart,
  showNewerCart,
} from "../lib/optimistic-cart";
import { cartApi, fetchBasket, fetchCart, isServerRefusal, newMutationId } from "./cart-http";

/** Every query and mutation key of the cart. */
export const cartKeys = {
  all: ["cart"] as const,
  /** One trailer's cart; `null`: the customer's most recently changed cart, asked while no trailer is current. */
  detail: (vendorId: number | null, orderType: OrderType | null) =>
    ["cart", vendorId ?? "latest", orderType ?? "none"] as const,
  basketAll: ["cart", "basket"] as const,
  basket: (orderType: OrderType | null, excluded: readonly number[]) =>
    ["cart", "basket", orderType ?? "none", [...excluded].sort((a, b) => a - b).join(",")] as const,
  writes: ["cart-write"] as const,
};

/**
 * The queue of cart writes (their TanStack mutation scope): one at a time, in the order they were made. An offline
 * cash order joins it, so it is placed only after the cart changes queued before it.
 */
export const cartWriteScope = { id: "cart" } as const;

/** GET /cart for one trailer: the server's cart as it stands, nothing queued drawn on it. */
export { fetchCart };

/**
 * GET /cart?vendorId&orderType, as shown: the writes still queued drawn on whatever comes back (offline that is
 * the worker's last copy), and an answer older than the cart shown ignored.
 */
export const cartQuery = (vendorId: number | null, orderType: OrderType | null) =>
  queryOptions({
    queryKey: cartKeys.detail(vendorId, orderType),
    queryFn: async ({ signal, client, queryKey }) => {
      const answer = await fetchCart(vendorId, orderType, signal);
      // Compared with the cart shown when the answer arrives: a write answered meanwhile is newer.
      return showNewerCart(client.getQueryData<Cart>(queryKey), answer, queuedWrites(client));
    },
  });

/** GET /cart/basket: every trailer's cart priced for one checkout; read again after every accepted write. */
export const basketQuery = (orderType: OrderType | null, excluded: readonly number[]) =>
  queryOptions({
    queryKey: cartKeys.basket(orderType, excluded),
    queryFn: ({ signal }) => fetchBasket(orderType, excluded, signal),
    staleTime: 5_000,
  });

const asCartWrite = (variables: unknown) => variables as CartWrite | undefined;

function pendingWrites(client: QueryClient): CartWrite[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: cartKeys.writes, status: "pending" })
    .map((mutation) => asCartWrite(mutation.state.variables))
    .filter((write): write is CartWrite => write !== undefined);
}

/**
 * Queued writes still waiting to be sent (or being sent), oldest first, as drawn on the server's cart; `except`
 * leaves one out. A write restored in flight is left out: the server may already hold it.
 */
export function queuedWrites(client: QueryClient, except?: string): CartWrite[] {
  return pendingWrites(client).filter(
    (write) => write.queued && !write.inFlightAtRestore && write.mutationId !== except,
  );
}

const otherWritesPending = (client: QueryClient, mutationId: string) =>
  pendingWrites(client).some((write) => write.mutationId !== mutationId);

/** The vendor's cart as last shown: its own query, else the 'latest cart' query when that is the same vendor's. */
function shownCart(client: QueryClient, write: CartWrite): Cart | undefined {
  const own = client.getQueryData<Cart>(cartKeys.detail(write.vendorId, write.orderType));
  if (own) return own;
  const latest = client.getQueryData<Cart>(cartKeys.detail(null, write.orderType));
  return latest?.vendorId === write.vendorId ? latest : undefined;
}

/** The trailer written to becomes the current one, and its cart shows `cart`. */
function showCart(client: QueryClient, write: CartWrite, cart: Cart): void {
  chooseTrailer(write.vendorId);
  client.setQueryData(cartKeys.detail(write.vendorId, write.orderType), cart);
}

/** A queued write is drawn in the cart at once. */
async function drawQueuedWrite(client: QueryClient, write: CartWrite): Promise<void> {
  // A refetch landing later would hide the change.
  await client.cancelQueries({ queryKey: cartKeys.all });
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
  await client.cancelQueries({ queryKey: cartKeys.all });
  showCart(
    client,
    write,
    showNewerCart(shownCart(client, write), cart, queuedWrites(client, write.mutationId)),
  );
  // Anything that lost its only fetch to the cancel fetches again.
  void client.invalidateQueries({
    queryKey: cartKeys.all,
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
    void client.invalidateQueries({ queryKey: cartKeys.all });
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

/** The spec's call for one write. */
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
          quantity: write.quantity ?? 1,
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

/** The trailer a cart query is about ('latest' while none is current), or undefined for any other query. */
function trailerOfKey(queryKey: QueryKey): number | "latest" | undefined {
  const [root, trailer] = queryKey;
  if (root !== cartKeys.all[0]) return undefined;
  return typeof trailer === "number" || trailer === "latest" ? trailer : undefined;
}

/**
 * Every trailer cart the cache holds for one order type, with the trailer its key names ('latest': the customer's
 * latest cart, asked while no trailer was current). The basket and other entries under the prefix are left out.
 */
export function cachedTrailerCarts(
  client: QueryClient,
  orderType: OrderType | null,
): { trailer: number | "latest"; cart: Cart | undefined }[] {
  const found: { trailer: number | "latest"; cart: Cart | undefined }[] = [];
  for (const [queryKey, cart] of client.getQueriesData<Cart>({ queryKey: cartKeys.all })) {
    const trailer = trailerOfKey(queryKey);
    if (trailer !== undefined && queryKey[2] === (orderType ?? "none"))
      found.push({ trailer, cart });
  }
  return found;
}

/** The one place the spec's local copy is written: from the current trailer's cart whenever it changes. */
function copyShownCart(trailer: number | "latest", cart: Cart | undefined): void {
  if (!cart || cart.vendorId === null) return;
  if (trailer === "latest") {
    // Until a trailer is current, the customer's latest cart on the server is.
    if (currentTrailer() !== null) return;
    chooseTrailer(cart.vendorId);
  } else if (trailer !== currentTrailer()) return;
  writeLocalCartCopy(cart);
}

/**
 * The product spec (docs/product-spec.md § States and transitions): a failed cart fetch clears the local cart, when
 * the server refused it (4xx); offline or a server failure (5xx) keeps it. Changes still queued stay queued and
 * are drawn again on an empty cart of their vendor, so the copy still shows them.
 */
function forgetCopyAfterRefusal(client: QueryClient, trailer: number | "latest", error: unknown) {
  if (!isServerRefusal(error)) return;
  if (trailer !== "latest" && trailer !== currentTrailer()) return;
  clearLocalCartCopy();
  const waiting = queuedWrites(client).filter(
    (write) => trailer === "latest" || write.vendorId === trailer,
  );
  const vendorId = waiting[0]?.vendorId;
  chooseTrailer(vendorId ?? null);
  if (vendorId !== undefined) writeLocalCartCopy(rebaseCart({ ...emptyCart(), vendorId }, waiting));
}

function mirrorLocalCopy(client: QueryClient) {
  return (event: QueryCacheNotifyEvent) => {
    if (event.type !== "updated") return;
    const trailer = trailerOfKey(event.query.queryKey);
    if (trailer === undefined) return;
    if (event.action.type === "success") copyShownCart(trailer, event.query.state.data as Cart);
    else if (event.action.type === "error")
      forgetCopyAfterRefusal(client, trailer, event.action.error);
  };
}

/** A cart or order copy is never trusted as current (see the header). Cart queries must not set their own staleTime, but the basket. */
const SERVER_TRUTH = {
  staleTime: 0,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
} as const;

function registerWrites(client: QueryClient): void {
  client.setMutationDefaults<CartWriteResult, Error, CartWrite>(cartKeys.writes, {
    scope: cartWriteScope,
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
      // Whichever trailer it was for, the basket's totals changed.
      void client.invalidateQueries({ queryKey: cartKeys.basketAll });
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

const kept = new WeakSet<QueryClient>();

/**
 * Puts the cart in the keeper's hands: its query rules, its writes' behaviour, the local copy. Must run before a
 * saved cache with queued writes is restored (they need their behaviour to resume) and before a cart query or write
 * runs (the hooks call it); running it again does nothing.
 */
export function keepCart(client: QueryClient): void {
  if (kept.has(client)) return;
  kept.add(client);
  startWithBrowserOnlineState();
  client.setQueryDefaults(cartKeys.all, SERVER_TRUTH);
  registerWrites(client);
  client.getQueryCache().subscribe(mirrorLocalCopy(client));
}

/** A change as a page describes it; the keeper adds the mutation id and whether it is queued. */
export type CartChangeInput = DistributiveOmit<CartWrite, "mutationId" | "queued">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Sends one cart write, or queues it offline. A queued write settles at once for the caller (its outcome comes
 * later as a toast); `result` is then the 'saved offline' word.
 */
export function writeCart(
  client: QueryClient,
  change: CartChangeInput,
): { queued: boolean; result: Promise<CartWriteResult> } {
  keepCart(client);
  const write = { ...change, mutationId: newMutationId(), queued: !isOnline() } as CartWrite;
  const result = new MutationObserver<CartWriteResult, Error, CartWrite>(client, {
    mutationKey: cartKeys.writes,
  }).mutate(write);
  if (!write.queued) return { queued: false, result };
  result.catch(() => undefined);
  return {
    queued: true,
    result: Promise.resolve({ cart: null, message: QUEUED_MESSAGES.savedOffline }),
  };
}

/** An order was placed from the cart (the server emptied it): forget the local copy and read the cart again. */
export function forgetCart(client: QueryClient): void {
  clearLocalCartCopy();
  chooseTrailer(null);
  void client.invalidateQueries({ queryKey: cartKeys.all });
}
