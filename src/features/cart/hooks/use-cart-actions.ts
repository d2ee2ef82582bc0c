import type { Cart } from "@contract/cart";
import { useMutationState, useQueryClient } from "@tanstack/react-query";
import { type CartChangeInput, cartKeys, keepCart, writeCart } from "../api/cart-keeper";
import type { CartWrite, CartWriteKind } from "../lib/cart-write";
import {
  configOfLine,
  type KnownAddon,
  type KnownItem,
  type KnownVendor,
} from "../lib/optimistic-cart";
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
  /** The item as the menu showed it: lets an add made offline appear in the cart at once. */
  item?: KnownItem;
  vendor?: KnownVendor;
}

export interface AddWithAddonsVariables extends AddVariables {
  addonSelections: { addonGroupId: number; addonId: number; quantity: number }[];
  allergyInformation?: string;
  /** The chosen add-ons as the item page showed them (names, prices). */
  addons?: KnownAddon[];
}

export interface UpdateVariables {
  vendorId: number;
  menuItemId: number;
  lineId?: number;
  quantity: number;
}

export interface AllergyVariables {
  vendorId: number;
  menuItemId: number;
  lineId?: number;
  allergyInformation: string;
}

/** An add's answer: the server's message, or, queued offline, a word that it will be sent later. */
export interface AddOutcome {
  message: string | undefined;
  queued: boolean;
}

/** A stand-in id for a line drawn offline (negative, so it is never mistaken for the server's). */
const standInLineId = () => -(Date.now() * 1000 + Math.floor(Math.random() * 1000));

const liveTarget = (mutationState: { variables: unknown }) => {
  const write = mutationState.variables as (CartWrite & CartWriteTarget) | undefined;
  return write && !write.queued ? write : undefined;
};

/**
 * Every cart write. Online a write waits for the server and its item or line shows busy until it answers;
 * offline it is queued (see ../api/cart-keeper): shown in the cart at once and sent when the network is back.
 */
export function useCartActions() {
  const queryClient = useQueryClient();
  keepCart(queryClient);
  const [orderType] = useOrderType();

  /** The line a change is about, from the cart on screen: the write carries its configuration and name. */
  const lineOf = (vendorId: number, lineId: number | undefined) => {
    const cart = queryClient.getQueryData<Cart>(cartKeys.detail(vendorId, orderType));
    const line =
      lineId === undefined
        ? undefined
        : cart?.items.find((candidate) => candidate.lineId === lineId);
    return line ? { line: configOfLine(line), itemName: line.name } : {};
  };

  /** Sends (or queues) one write, in the customer's order type. */
  const send = (change: PageChange) =>
    writeCart(queryClient, { ...change, orderType } as CartChangeInput);

  const outcome = async ({ queued, result }: ReturnType<typeof send>): Promise<AddOutcome> => ({
    message: (await result).message ?? undefined,
    queued,
  });

  const pending = useMutationState({
    filters: { mutationKey: cartKeys.writes, status: "pending" },
    select: (mutation) => liveTarget(mutation.state),
  }).filter((target) => target !== undefined);

  return {
    orderType,
    /** POST /cart/add (quantity 1). Rejects on failure: the caller shows its banner. */
    add: (v: AddVariables) =>
      outcome(send({ ...v, kind: "add", tempLineId: standInLineId(), itemName: v.item?.name })),
    /** POST /cart/add-with-addons. Rejects on failure. */
    addWithAddons: (v: AddWithAddonsVariables) =>
      outcome(
        send({
          ...v,
          kind: "add-with-addons",
          tempLineId: standInLineId(),
          itemName: v.item?.name,
        }),
      ),
    /** PUT /cart/update; 0 removes the line. Failures raise the 'Failed to update cart' toast. */
    setQuantity: (v: UpdateVariables) =>
      void send({ ...v, kind: "update", ...lineOf(v.vendorId, v.lineId) }),
    /** POST /cart/allergy-information. Resolves true when saved (or queued). */
    saveAllergy: (v: AllergyVariables) =>
      send({ ...v, kind: "allergy", ...lineOf(v.vendorId, v.lineId) }).result.then(
        () => true,
        () => false,
      ),
    saveDeliveryInstructions: (vendorId: number, instructions: string) =>
      send({ vendorId, instructions, kind: "delivery-instructions" }).result.then(
        () => true,
        () => false,
      ),
    clear: (vendorId: number) => void send({ vendorId, kind: "clear" }),
    isClearing: pending.some((target) => target.kind === "clear"),
    isItemBusy: (menuItemId: number) => pending.some((target) => target.menuItemId === menuItemId),
    isItemAdding: (menuItemId: number) =>
      pending.some(
        (target) =>
          target.menuItemId === menuItemId &&
          (target.kind === "add" || target.kind === "add-with-addons"),
      ),
    isLineBusy: (lineId: number) => pending.some((target) => target.lineId === lineId),
  };
}

/** A change as the page describes it; the hook adds the order type. */
type PageChange = DistributiveOmit<CartChangeInput, "orderType">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type CartActions = ReturnType<typeof useCartActions>;
