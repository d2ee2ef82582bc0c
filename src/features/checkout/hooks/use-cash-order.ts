import type { CheckoutResponse } from "@contract/basket";
import { cartBill } from "@contract/bill";
import { MESSAGES } from "@contract/messages";
import type { Vehicle } from "@contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { isNetworkFailure, isOnline } from "@/lib/network";
import { orderTypeLabel } from "@/lib/order-display";
import { orderKeys } from "@/lib/order-keys";
import {
  type CashOrderCart,
  type CashOrderWrite,
  cashOrderError,
  cashOrderKey,
  confirmedLines,
  registerCashOrders,
} from "../api/cash-orders";
import { checkoutKeyFor, placeCheckout } from "../api/checkout-api";
import { orderPayload, withPaymentMethod } from "../lib/order-payload";
import { type CheckoutKey, checkoutAttemptKey } from "../lib/pending-checkout";
import { checkoutRequest, lineSummary, type Purchase } from "../lib/purchase";

/** Navigation state of /pay-cash-at-counter after a checkout of several trailers. */
export interface CheckoutCashState {
  basketCheckout: CheckoutResponse;
}

/** One trailer: the spec's POST /orders, queued while offline and sent once (see api/cash-orders.ts). */
function oneTrailerWrite(purchase: Purchase, vehicle: Vehicle | null): CashOrderWrite | null {
  const [only] = purchase.trailers;
  if (!only) return null;
  const { cart } = only;
  const payload = orderPayload(cart, {
    vendorId: only.vendorId,
    orderType: purchase.orderType,
    vehicle,
  });
  return {
    order: withPaymentMethod(payload, "cash_at_counter"),
    idempotencyKey: checkoutAttemptKey(),
    queued: !isOnline(),
    lines: confirmedLines(cart),
    summary: {
      vendorName: cart.vendor_info?.name ?? "",
      orderType: orderTypeLabel(purchase.orderType ?? cart.orderType ?? "takeaway"),
      totalPence: cart.totalPence,
      bill: cartBill(cart),
      preparationTime: cart.vendor_info?.preparationTime ?? null,
      items: lineSummary(cart),
      vehicle,
    },
  };
}

/**
 * Paying cash at the counter: one trailer through the spec's order call (which works offline), several through
 * one checkout placing every trailer's order at once. `onError` gets the message to show; `cart` is the cart
 * keeper's part in it (see CashOrderCart).
 */
export function useCashOrder(cart: CashOrderCart, onError: (message: string) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  registerCashOrders(queryClient, cart);
  const lastKey = useRef<CheckoutKey | null>(null);

  // Success (here, or after a reload, or when a queued order is finally sent) is the app's: see setCashOrderHandlers.
  const oneTrailer = useMutation<{ id: number }, Error, CashOrderWrite>({
    mutationKey: cashOrderKey,
  });

  const severalTrailers = useMutation<
    CheckoutResponse,
    Error,
    { purchase: Purchase; vehicle: Vehicle | null }
  >({
    mutationFn: ({ purchase, vehicle }) => {
      const body = checkoutRequest(purchase, "cash_at_counter", vehicle);
      lastKey.current = checkoutKeyFor(body, lastKey.current);
      return placeCheckout(body, lastKey.current.key);
    },
    onSuccess: (response) => {
      lastKey.current = null;
      void queryClient.invalidateQueries({ queryKey: cart.queryKey });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      const state: CheckoutCashState = { basketCheckout: response };
      void navigate("/pay-cash-at-counter", { state });
    },
    onError: (caught) => {
      // Only an answer lost on the way (a timeout, the network) is retried with the same key; the server's
      // refusals created nothing, and the next attempt is a new checkout.
      if (!isNetworkFailure(caught)) lastKey.current = null;
      onError(caught.message || MESSAGES.cashOrderFailed);
      // A refused checkout (a trailer closed, a price changed) shows the carts as they are now.
      void queryClient.invalidateQueries({ queryKey: cart.queryKey });
    },
  });

  const place = (purchase: Purchase, vehicle: Vehicle | null) => {
    if (purchase.trailers.length > 1) {
      severalTrailers.mutate({ purchase, vehicle });
      return;
    }
    const write = oneTrailerWrite(purchase, vehicle);
    if (!write) return;
    oneTrailer.mutate(write, {
      onError: (caught) => !write.queued && onError(cashOrderError(caught)),
    });
  };

  return {
    place,
    busy: severalTrailers.isPending || (oneTrailer.isPending && !oneTrailer.variables?.queued),
  };
}
