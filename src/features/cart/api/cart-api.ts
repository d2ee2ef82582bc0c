import { queryOptions } from "@tanstack/react-query";
import {
  type AllergyRequest,
  type CartAddRequest,
  type CartAddWithAddonsRequest,
  type CartUpdateRequest,
  type Cart,
  cartResponseSchema,
} from "../../../../contract/cart";
import { messageResponseSchema, type OrderType } from "../../../../contract/common";
import { api } from "../../../lib/api-client";
import { clearLocalCart, currentCartVendorId, writeLocalCart } from "../lib/cart-storage";

/** Every query and mutation key of the cart, in one place. `null` vendor = the customer's latest cart. */
export const cartKeys = {
  all: ["cart"] as const,
  detail: (vendorId: number | null, orderType: OrderType | null) => ["cart", vendorId ?? "latest", orderType ?? "none"] as const,
  writes: ["cart-write"] as const,
  write: (kind: CartWriteKind) => ["cart-write", kind] as const,
};

export type CartWriteKind = "add" | "add-with-addons" | "update" | "allergy" | "delivery-instructions" | "clear";

/** A fresh id per write so a retried request applies once. */
export function newMutationId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function fetchCart(vendorId: number | null, orderType: OrderType | null, signal: AbortSignal) {
  const params = new URLSearchParams();
  if (vendorId !== null) params.set("vendorId", String(vendorId));
  if (orderType) params.set("orderType", orderType);
  const query = params.size > 0 ? `?${params}` : "";
  const isCurrent = vendorId === null || vendorId === currentCartVendorId();
  try {
    const cart = await api.get(`/cart${query}`, cartResponseSchema, { signal });
    if (isCurrent) writeLocalCart(cart);
    return cart;
  } catch (error) {
    // Spec section 4: a failed cart fetch clears the local cart.
    if (isCurrent && (error as Error).name !== "AbortError") clearLocalCart();
    throw error;
  }
}

/** GET /cart?vendorId&orderType. */
export const cartQuery = (vendorId: number | null, orderType: OrderType | null) =>
  queryOptions({
    queryKey: cartKeys.detail(vendorId, orderType),
    queryFn: ({ signal }) => fetchCart(vendorId, orderType, signal),
    staleTime: 10_000,
  });

type WithoutId<T> = Omit<T, "mutationId">;

export const cartApi = {
  add: (body: WithoutId<CartAddRequest>) => api.post("/cart/add", { ...body, mutationId: newMutationId() }, cartResponseSchema),
  addWithAddons: (body: WithoutId<CartAddWithAddonsRequest>) =>
    api.post("/cart/add-with-addons", { ...body, mutationId: newMutationId() }, cartResponseSchema),
  update: (body: WithoutId<CartUpdateRequest>) => api.put("/cart/update", { ...body, mutationId: newMutationId() }, cartResponseSchema),
  allergy: async (body: WithoutId<AllergyRequest>) =>
    cartOrMessage(await api.post("/cart/allergy-information", { ...body, mutationId: newMutationId() })),
  deliveryInstructions: async (body: { instructions: string; vendorId?: number }) =>
    cartOrMessage(await api.post("/cart/delivery-instructions", { ...body, mutationId: newMutationId() })),
  removeAllByVendor: (vendorId: number) =>
    api.delete("/cart/remove-all-by-vendor", { vendorId, mutationId: newMutationId() }, cartResponseSchema),
};

/** Allergy and delivery-instruction answers carry an optional message and, usually, the whole cart. */
function cartOrMessage(data: unknown): { cart: Cart | null; message: string | null } {
  const asCart = cartResponseSchema.safeParse(data);
  if (asCart.success) return { cart: asCart.data, message: asCart.data.message ?? null };
  const asMessage = messageResponseSchema.safeParse(data);
  return { cart: null, message: asMessage.success ? asMessage.data.message : null };
}
