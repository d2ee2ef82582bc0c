import { type QueryClient, queryOptions } from "@tanstack/react-query";
import {
  type AllergyRequest,
  type CartAddRequest,
  type CartAddWithAddonsRequest,
  type CartUpdateRequest,
  type Cart,
  cartResponseSchema,
} from "../../../../contract/cart";
import { messageResponseSchema, type OrderType } from "../../../../contract/common";
import { ApiError, api } from "../../../lib/api-client";
import { clearLocalCart, currentCartVendorId, writeLocalCart } from "../lib/cart-storage";
import { rebaseCart } from "../lib/optimistic-cart";
import type { CartWrite } from "./cart-writes";

/** Every query and mutation key of the cart, in one place. `null` vendor = the customer's latest cart. */
export const cartKeys = {
  all: ["cart"] as const,
  detail: (vendorId: number | null, orderType: OrderType | null) => ["cart", vendorId ?? "latest", orderType ?? "none"] as const,
  /** Every cart write (one key: their behaviour is registered once, see ./cart-writes). */
  writes: ["cart-write"] as const,
};

export type CartWriteKind = "add" | "add-with-addons" | "update" | "allergy" | "delivery-instructions" | "clear";

/** A fresh id per write so a retried request applies once. */
export function newMutationId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function fetchCart(vendorId: number | null, orderType: OrderType | null, signal: AbortSignal) {
  const params = new URLSearchParams();
  if (vendorId !== null) params.set("vendorId", String(vendorId));
  if (orderType) params.set("orderType", orderType);
  const query = params.size > 0 ? `?${params}` : "";
  const isCurrent = vendorId === null || vendorId === currentCartVendorId();
  try {
    const cart = await api.get(`/cart${query}`, cartResponseSchema, { signal });
    // The local copy is the server's cart (it is what the spec's 'cart' key holds).
    if (isCurrent) writeLocalCart(cart);
    return cart;
  } catch (error) {
    // Spec section 4: a failed cart fetch clears the local cart. Not when the server was never reached (offline
    // with no saved copy): the local copy is then still the best knowledge, and changes queued offline hang on it.
    if (isCurrent && (error as Error).name !== "AbortError" && !(error instanceof ApiError && error.network)) clearLocalCart();
    throw error;
  }
}

/** Queued writes still waiting to be sent (or being sent), oldest first; `except` leaves one out. */
export function queuedWrites(client: QueryClient, except?: string): CartWrite[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: cartKeys.writes, status: "pending" })
    .map((mutation) => mutation.state.variables as CartWrite | undefined)
    .filter((write): write is CartWrite => write?.queued === true && write.mutationId !== except);
}

/**
 * GET /cart?vendorId&orderType. Offline the answer is the worker's last copy (older than changes queued since),
 * so the changes still waiting are drawn on top of whatever comes back.
 */
export const cartQuery = (vendorId: number | null, orderType: OrderType | null) =>
  queryOptions({
    queryKey: cartKeys.detail(vendorId, orderType),
    queryFn: async ({ signal, client }) => rebaseCart(await fetchCart(vendorId, orderType, signal), queuedWrites(client)),
    staleTime: 10_000,
  });

/** A write's mutation id is optional here: queued writes bring their own (kept across retries and reloads). */
type WithOptionalId<T> = Omit<T, "mutationId"> & { mutationId?: string };

const withId = <T extends { mutationId?: string }>(body: T) => ({ ...body, mutationId: body.mutationId ?? newMutationId() });

export const cartApi = {
  add: (body: WithOptionalId<CartAddRequest>) => api.post("/cart/add", withId(body), cartResponseSchema),
  addWithAddons: (body: WithOptionalId<CartAddWithAddonsRequest>) => api.post("/cart/add-with-addons", withId(body), cartResponseSchema),
  update: (body: WithOptionalId<CartUpdateRequest>) => api.put("/cart/update", withId(body), cartResponseSchema),
  allergy: async (body: WithOptionalId<AllergyRequest>) => cartOrMessage(await api.post("/cart/allergy-information", withId(body))),
  deliveryInstructions: async (body: { instructions: string; vendorId?: number; mutationId?: string }) =>
    cartOrMessage(await api.post("/cart/delivery-instructions", withId(body))),
  removeAllByVendor: (vendorId: number, mutationId?: string) =>
    api.delete("/cart/remove-all-by-vendor", { vendorId, mutationId: mutationId ?? newMutationId() }, cartResponseSchema),
};

/** Allergy and delivery-instruction answers carry an optional message and, usually, the whole cart. */
function cartOrMessage(data: unknown): { cart: Cart | null; message: string | null } {
  const asCart = cartResponseSchema.safeParse(data);
  if (asCart.success) return { cart: asCart.data, message: asCart.data.message ?? null };
  const asMessage = messageResponseSchema.safeParse(data);
  return { cart: null, message: asMessage.success ? asMessage.data.message : null };
}
