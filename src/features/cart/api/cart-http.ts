/** The cart's calls to the server, as the spec and the basket define them: requests and answers, nothing kept. */

import { basketSchema } from "@contract/basket";
import {
  type AllergyRequest,
  type Cart,
  type CartAddRequest,
  type CartAddWithAddonsRequest,
  type CartUpdateRequest,
  cartResponseSchema,
} from "@contract/cart";
import { messageResponseSchema, type OrderType } from "@contract/common";
import { api } from "@/lib/api-client";
import { isServerAnswer } from "@/lib/network";

/** A fresh id per write so a retried request applies once. */
export function newMutationId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A refusal by the server (4xx), as opposed to no answer (offline, aborted) or a server failure (5xx). */
export const isServerRefusal = (error: unknown) =>
  isServerAnswer(error) && error.status >= 400 && error.status < 500;

const queryString = (params: URLSearchParams) => (params.size > 0 ? `?${params}` : "");

/** GET /cart?vendorId&orderType; no vendor: the customer's most recently changed cart. */
export function fetchCart(
  vendorId: number | null,
  orderType: OrderType | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (vendorId !== null) params.set("vendorId", String(vendorId));
  if (orderType) params.set("orderType", orderType);
  return api.get(`/cart${queryString(params)}`, cartResponseSchema, { signal });
}

/** GET /cart/basket: every trailer's cart, priced by the server, with one grand total. */
export function fetchBasket(
  orderType: OrderType | null,
  excluded: readonly number[],
  signal: AbortSignal,
) {
  const params = new URLSearchParams();
  if (orderType) params.set("orderType", orderType);
  if (excluded.length > 0) params.set("exclude", excluded.join(","));
  return api.get(`/cart/basket${queryString(params)}`, basketSchema, { signal });
}

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
