/**
 * The cart's queries and its rules. Every cart query key starts with `['cart']`
 * (CART_QUERY_PREFIX); the rules hold for that prefix, so a new cart view under it inherits them:
 * - Server truth: a cart copy (in memory or restored from the saved cache) shows at once and is revalidated in
 *   the background on every mount, focus and reconnect (staleTime 0, set by prefix in src/app/query-client.ts)
 *   and after every restore (src/app/query-persistence.ts). Queries here must not set their own staleTime.
 * - One keeper per fact: the query cache holds the server's cart as shown, i.e. the server's answer with the
 *   queued writes (changes the server has not confirmed, kept as mutations) drawn on top
 *   (lib/optimistic-cart.ts `rebaseCart`). Nothing else is read to show a cart.
 * - Never backwards: an answer older than the cart shown (its `version` is lower: the worker's cached copy
 *   offline, a GET that crossed a write) does not replace it (`showNewerCart`).
 * - The spec's local 'cart' key is only a mirror of what is shown (server cart + queued writes), rewritten
 *   whenever the server answers or a queued change is drawn. "A failed cart fetch clears the local cart" means a
 *   refusal by the server (4xx); offline or a server failure (5xx) keeps it. Clearing it never touches queued
 *   writes: they are redrawn on an empty cart of their vendor.
 */

import {
  type AllergyRequest,
  type Cart,
  type CartAddRequest,
  type CartAddWithAddonsRequest,
  type CartUpdateRequest,
  cartResponseSchema,
  emptyCart,
} from "@contract/cart";
import { messageResponseSchema, type OrderType } from "@contract/common";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { CART_QUERY_PREFIX } from "../lib/cart-keys";
import { clearLocalCart, currentCartVendorId, writeLocalCart } from "../lib/cart-storage";
import type { CartWrite } from "../lib/cart-write";
import { rebaseCart, showNewerCart } from "../lib/optimistic-cart";

/** Every query and mutation key of the cart, in one place. `null` vendor = the customer's latest cart. */
export const cartQueryKeys = {
  all: CART_QUERY_PREFIX,
  detail: (vendorId: number | null, orderType: OrderType | null) =>
    ["cart", vendorId ?? "latest", orderType ?? "none"] as const,
  /** Every cart write (one key: their behaviour is registered once, see ./cart-writes). */
  writes: ["cart-write"] as const,
};

export type CartWriteKind =
  | "add"
  | "add-with-addons"
  | "update"
  | "allergy"
  | "delivery-instructions"
  | "clear";

/** A fresh id per write so a retried request applies once. */
export function newMutationId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A refusal by the server (4xx), as opposed to no answer (offline, aborted) or a server failure (5xx). */
export const isServerRefusal = (error: unknown) =>
  error instanceof ApiError && !error.network && error.status >= 400 && error.status < 500;

export async function fetchCart(
  vendorId: number | null,
  orderType: OrderType | null,
  signal: AbortSignal,
) {
  const params = new URLSearchParams();
  if (vendorId !== null) params.set("vendorId", String(vendorId));
  if (orderType) params.set("orderType", orderType);
  const query = params.size > 0 ? `?${params}` : "";
  return api.get(`/cart${query}`, cartResponseSchema, { signal });
}

/** The spec's local 'cart' key mirrors the cart shown for the current vendor (server cart + queued writes). */
export function mirrorLocalCart(shown: Cart, requestedVendor: number | null): void {
  if (requestedVendor === null || requestedVendor === currentCartVendorId()) writeLocalCart(shown);
}

/**
 * The product spec (docs/product-spec.md § States and transitions): a failed cart fetch clears the local cart, when the server refused it (4xx). Changes still
 * queued for that vendor stay queued and are drawn again on an empty cart, so the mirror still shows them.
 */
export function forgetLocalCartAfterRefusal(
  client: QueryClient,
  vendorId: number | null,
  error: unknown,
): void {
  if (!isServerRefusal(error)) return;
  if (vendorId !== null && vendorId !== currentCartVendorId()) return;
  clearLocalCart();
  const waiting = queuedWrites(client).filter(
    (write) => vendorId === null || write.vendorId === vendorId,
  );
  const vendor = waiting[0]?.vendorId;
  if (vendor !== undefined)
    writeLocalCart(rebaseCart({ ...emptyCart(), vendorId: vendor }, waiting));
}

/**
 * Queued writes still waiting to be sent (or being sent), oldest first, as drawn on the server's cart; `except`
 * leaves one out. A write restored in flight is left out: the server may already hold it.
 */
export function queuedWrites(client: QueryClient, except?: string): CartWrite[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: cartQueryKeys.writes, status: "pending" })
    .map((mutation) => mutation.state.variables as CartWrite | undefined)
    .filter(
      (write): write is CartWrite =>
        write?.queued === true && !write.inFlightAtRestore && write.mutationId !== except,
    );
}

/**
 * GET /cart?vendorId&orderType. Offline the answer is the worker's last copy (older than changes queued since,
 * perhaps older than the cart shown): the changes still waiting are drawn on top of whatever comes back, and an
 * answer older than the cart shown is ignored.
 */
export const cartQuery = (vendorId: number | null, orderType: OrderType | null) =>
  queryOptions({
    queryKey: cartQueryKeys.detail(vendorId, orderType),
    queryFn: async ({ signal, client, queryKey }) => {
      try {
        const answer = await fetchCart(vendorId, orderType, signal);
        const shown = showNewerCart(
          client.getQueryData<Cart>(queryKey),
          answer,
          queuedWrites(client),
        );
        mirrorLocalCart(shown, vendorId);
        return shown;
      } catch (error) {
        forgetLocalCartAfterRefusal(client, vendorId, error);
        throw error;
      }
    },
  });

/** A write's mutation id is optional here: queued writes bring their own (kept across retries and reloads). */
type WithOptionalId<T> = Omit<T, "mutationId"> & { mutationId?: string };

const withId = <T extends { mutationId?: string }>(body: T) => ({
  ...body,
  mutationId: body.mutationId ?? newMutationId(),
});

export const cartApi = {
  add: (body: WithOptionalId<CartAddRequest>) =>
    api.post("/cart/add", withId(body), cartResponseSchema),
  addWithAddons: (body: WithOptionalId<CartAddWithAddonsRequest>) =>
    api.post("/cart/add-with-addons", withId(body), cartResponseSchema),
  update: (body: WithOptionalId<CartUpdateRequest>) =>
    api.put("/cart/update", withId(body), cartResponseSchema),
  allergy: async (body: WithOptionalId<AllergyRequest>) =>
    cartOrMessage(await api.post("/cart/allergy-information", withId(body))),
  deliveryInstructions: async (body: {
    instructions: string;
    vendorId?: number;
    mutationId?: string;
  }) => cartOrMessage(await api.post("/cart/delivery-instructions", withId(body))),
  removeAllByVendor: (vendorId: number, mutationId?: string) =>
    api.delete(
      "/cart/remove-all-by-vendor",
      { vendorId, mutationId: mutationId ?? newMutationId() },
      cartResponseSchema,
    ),
};

/** Allergy and delivery-instruction answers carry an optional message and, usually, the whole cart. */
function cartOrMessage(data: unknown): { cart: Cart | null; message: string | null } {
  const asCart = cartResponseSchema.safeParse(data);
  if (asCart.success) return { cart: asCart.data, message: asCart.data.message ?? null };
  const asMessage = messageResponseSchema.safeParse(data);
  return { cart: null, message: asMessage.success ? asMessage.data.message : null };
}
