import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Cart } from "../../../../contract/cart";
import { MESSAGES } from "../../../../contract/messages";
import { ApiError } from "../../../lib/api-client";
import { toasts } from "../../../lib/toast-store";
import { cartApi, cartKeys, type CartWriteKind } from "../api/cart-api";
import { writeLocalCart } from "../lib/cart-storage";
import { useOrderType } from "./use-order-type";

/** What a pending write is about: the per-item and per-line busy states are read from these. */
export interface CartWriteTarget {
  kind: CartWriteKind;
  vendorId: number;
  menuItemId?: number;
  lineId?: number;
}

export interface AddVariables {
  vendorId: number;
  menuItemId: number;
}

export interface AddWithAddonsVariables extends AddVariables {
  addonSelections: { addonGroupId: number; addonId: number; quantity: number }[];
  allergyInformation?: string;
}

export interface UpdateVariables extends AddVariables {
  lineId?: number;
  quantity: number;
}

export interface AllergyVariables extends AddVariables {
  lineId?: number;
  allergyInformation: string;
}

const GENERIC_MESSAGES: readonly string[] = [MESSAGES.fetchFailed, MESSAGES.postFailed, MESSAGES.updateFailed, MESSAGES.deleteFailed];

/** The server's own explanation ('Churro Loco is closed right now'), when it gave one. */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.network) return null;
  return GENERIC_MESSAGES.includes(error.message) ? null : error.message;
}

function failureToast(fallback: string, error: unknown) {
  const reason = serverReason(error);
  toasts.push(reason ? { kind: "cart", title: fallback, message: reason } : { kind: "cart", message: fallback });
}

/** Every cart write: sends the order type and a fresh mutation id, puts the server's cart in the cache. */
export function useCartActions() {
  const queryClient = useQueryClient();
  const [orderType] = useOrderType();

  const acceptCart = useCallback(
    (cart: Cart, vendorId: number) => {
      const withVendor = cart.vendorId === null ? { ...cart, vendorId } : cart;
      // The vendor last written to becomes the current cart vendor.
      writeLocalCart(withVendor);
      queryClient.setQueryData(cartKeys.detail(vendorId, orderType), withVendor);
      queryClient.setQueryData(cartKeys.detail(null, orderType), withVendor);
    },
    [queryClient, orderType],
  );

  const add = useMutation({
    mutationKey: cartKeys.write("add"),
    mutationFn: (v: AddVariables & CartWriteTarget) =>
      cartApi.add({ itemId: v.menuItemId, quantity: 1, vendorId: v.vendorId, orderType: orderType ?? undefined }),
    onSuccess: (cart, v) => acceptCart(cart, v.vendorId),
  });

  const addWithAddons = useMutation({
    mutationKey: cartKeys.write("add-with-addons"),
    mutationFn: (v: AddWithAddonsVariables & CartWriteTarget) =>
      cartApi.addWithAddons({
        itemId: v.menuItemId,
        quantity: 1,
        vendorId: v.vendorId,
        orderType: orderType ?? undefined,
        addonSelections: v.addonSelections,
        allergyInformation: v.allergyInformation || undefined,
      }),
    onSuccess: (cart, v) => acceptCart(cart, v.vendorId),
  });

  const update = useMutation({
    mutationKey: cartKeys.write("update"),
    mutationFn: (v: UpdateVariables & CartWriteTarget) =>
      cartApi.update({ itemId: v.menuItemId, quantity: v.quantity, vendorId: v.vendorId, lineId: v.lineId, orderType: orderType ?? undefined }),
    onSuccess: (cart, v) => acceptCart(cart, v.vendorId),
    onError: (error) => failureToast(MESSAGES.cartUpdateFailed, error),
  });

  const allergy = useMutation({
    mutationKey: cartKeys.write("allergy"),
    mutationFn: (v: AllergyVariables & CartWriteTarget) =>
      cartApi.allergy({ itemId: v.menuItemId, allergyInformation: v.allergyInformation, vendorId: v.vendorId, lineId: v.lineId }),
    onSuccess: ({ cart }, v) => {
      if (cart) acceptCart(cart, v.vendorId);
      else void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      toasts.push({ kind: "success", message: MESSAGES.allergySaved });
    },
    onError: (error) => toasts.push({ kind: "error", message: serverReason(error) ?? MESSAGES.allergyFailed }),
  });

  const deliveryInstructions = useMutation({
    mutationKey: cartKeys.write("delivery-instructions"),
    mutationFn: (v: { vendorId: number; instructions: string } & CartWriteTarget) =>
      cartApi.deliveryInstructions({ instructions: v.instructions, vendorId: v.vendorId }),
    onSuccess: ({ cart }, v) => {
      if (cart) acceptCart(cart, v.vendorId);
      else void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      toasts.push({ kind: "success", message: MESSAGES.deliveryInstructionsSaved });
    },
    onError: (error) => failureToast(MESSAGES.deliveryInstructionsFailed, error),
  });

  const clear = useMutation({
    mutationKey: cartKeys.write("clear"),
    mutationFn: (v: CartWriteTarget) => cartApi.removeAllByVendor(v.vendorId),
    onSuccess: (cart, v) => {
      acceptCart(cart, v.vendorId);
      toasts.push({ kind: "success", message: MESSAGES.cartCleared });
    },
    onError: (error) => failureToast(MESSAGES.cartClearFailed, error),
  });

  const pending = useMutationState({
    filters: { mutationKey: cartKeys.writes, status: "pending" },
    select: (mutation) => mutation.state.variables as CartWriteTarget | undefined,
  });

  return {
    orderType,
    /** POST /cart/add (quantity 1). Rejects on failure: the caller shows its banner. */
    add: (v: AddVariables) => add.mutateAsync({ ...v, kind: "add" }),
    /** POST /cart/add-with-addons. Rejects on failure. */
    addWithAddons: (v: AddWithAddonsVariables) => addWithAddons.mutateAsync({ ...v, kind: "add-with-addons" }),
    /** PUT /cart/update; 0 removes the line. Failures raise the 'Failed to update cart' toast. */
    setQuantity: (v: UpdateVariables) => update.mutate({ ...v, kind: "update" }),
    /** POST /cart/allergy-information. Resolves true when saved. */
    saveAllergy: (v: AllergyVariables) =>
      allergy.mutateAsync({ ...v, kind: "allergy" }).then(
        () => true,
        () => false,
      ),
    saveDeliveryInstructions: (vendorId: number, instructions: string) =>
      deliveryInstructions.mutateAsync({ vendorId, instructions, kind: "delivery-instructions" }).then(
        () => true,
        () => false,
      ),
    clear: (vendorId: number) => clear.mutate({ vendorId, kind: "clear" }),
    isClearing: clear.isPending,
    isItemBusy: (menuItemId: number) => pending.some((target) => target?.menuItemId === menuItemId),
    isItemAdding: (menuItemId: number) =>
      pending.some((target) => target?.menuItemId === menuItemId && (target.kind === "add" || target.kind === "add-with-addons")),
    isLineBusy: (lineId: number) => pending.some((target) => target?.lineId === lineId),
  };
}

export type CartActions = ReturnType<typeof useCartActions>;
