/** What the customer is told about cart writes: queued, refused on replay, or answered live. */

import { MESSAGES } from "@contract/messages";
import { isNetworkFailure, isServerAnswer } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import type { CartWrite } from "./cart-write";

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
  if (!isServerAnswer(error)) return null;
  return GENERIC_MESSAGES.includes(error.message) ? null : error.message;
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
  const dropped = isNetworkFailure(error);
  const reason =
    serverReason(error) ??
    (dropped
      ? "The connection dropped before it could be sent. Please try again."
      : "Please try again.");
  return { title: titles[write.kind], message: reason };
}

export function liveFailureToast(write: CartWrite, error: unknown): void {
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

export function liveSuccessToast(write: CartWrite): void {
  if (write.kind === "allergy") toasts.push({ kind: "success", message: MESSAGES.allergySaved });
  else if (write.kind === "delivery-instructions")
    toasts.push({ kind: "success", message: MESSAGES.deliveryInstructionsSaved });
  else if (write.kind === "clear") toasts.push({ kind: "success", message: MESSAGES.cartCleared });
}
