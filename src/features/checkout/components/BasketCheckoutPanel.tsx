import type { Basket, CheckoutRequest, CheckoutResponse } from "@contract/basket";
import type { OrderType } from "@contract/common";
import { MESSAGES } from "@contract/messages";
import type { PaymentMethod } from "@contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useOnline } from "@/components/OfflineBanner";
import { ApiError } from "@/lib/api-client";
import { formatPence } from "@/lib/money";
import { checkoutKeyFor, placeBasketCheckout } from "../api/basket-checkout";
import { QUEUED_ORDER_MESSAGES } from "../api/cash-orders";
import { useCarDelivery } from "../hooks/use-car-delivery";
import "../checkout.css";
import { CarDeliveryBlock } from "./CarDeliveryBlock";
import { CheckoutActionBar } from "./CheckoutActionBar";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

export interface BasketCheckoutPanelProps {
  basket: Basket;
  vendorIds: number[];
  orderType: OrderType;
  blockedReason: string | null;
}

/** Navigation state of /pay-cash-at-counter after a basket's cash checkout. */
export interface BasketCashState {
  basketCheckout: CheckoutResponse;
}

/** The hosted payment page may only be ours (the local test checkout) or Stripe's. */
function isPaymentPage(url: string): boolean {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin || target.hostname === "checkout.stripe.com";
  } catch {
    return false;
  }
}

/** The basket's checkout: the car-delivery question for the whole order, one payment for every trailer. */
export function BasketCheckoutPanel({
  basket,
  vendorIds,
  orderType,
  blockedReason,
}: BasketCheckoutPanelProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const delivery = useCarDelivery();
  const online = useOnline();
  const [method, setMethod] = useState<PaymentMethod | null>("stripe");
  const [error, setError] = useState<string | null>(null);
  const lastKey = useRef<{ signature: string; key: string } | null>(null);

  const checkout = useMutation<CheckoutResponse, Error, { body: CheckoutRequest; key: string }>({
    mutationFn: ({ body, key }) => placeBasketCheckout(body, key),
    onSuccess: (response) => {
      lastKey.current = null;
      void queryClient.invalidateQueries({ queryKey: ["cart"] });
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
      if (response.payment) {
        if (!isPaymentPage(response.payment.sessionUrl)) {
          setError(MESSAGES.invalidPaymentUrl);
          return;
        }
        window.location.assign(response.payment.sessionUrl);
        return;
      }
      const state: BasketCashState = { basketCheckout: response };
      navigate("/pay-cash-at-counter", { state });
    },
    onError: (caught) => {
      // Only an answer lost on the way (a timeout, the network) is retried with the same key; the server's
      // refusals created nothing, and the next attempt is a new checkout.
      if (!(caught instanceof ApiError && caught.network)) lastKey.current = null;
      setError(
        caught.message ||
          (method === "cash_at_counter" ? MESSAGES.cashOrderFailed : MESSAGES.paymentIntentFailed),
      );
      // A refused checkout (a trailer closed, a price changed) shows the basket as it is now.
      void queryClient.invalidateQueries({ queryKey: ["cart", "basket"] });
    },
  });

  const total = formatPence(basket.totals.totalPence);
  const label =
    method === "cash_at_counter" ? `Place Order ${total}` : `Proceed to Payment ${total}`;
  const hint = blockedReason
    ? blockedReason
    : !delivery.complete
      ? delivery.state.answer === "yes"
        ? "Find your car, or answer No, to continue."
        : "Answer “Would you like a car delivery?” to continue."
      : !online
        ? QUEUED_ORDER_MESSAGES.cardNeedsConnection
        : null;
  const blocked = blockedReason !== null || !delivery.complete || !online || vendorIds.length === 0;

  const submit = () => {
    setError(null);
    if (!method) {
      setError(MESSAGES.paymentMethodRequired);
      return;
    }
    const body: CheckoutRequest = {
      vendorIds,
      orderType,
      paymentMethod: method,
      totalPence: basket.totals.totalPence,
      vehicleData: delivery.state.vehicle,
    };
    lastKey.current = checkoutKeyFor(body, lastKey.current);
    checkout.mutate({ body, key: lastKey.current.key });
  };

  return (
    <>
      <CarDeliveryBlock delivery={delivery} />
      <PaymentMethodChoice
        value={method}
        error={null}
        onChange={(next) => {
          setMethod(next);
          setError(null);
        }}
      />
      <CheckoutActionBar
        error={error}
        hint={hint}
        busy={checkout.isPending}
        blocked={blocked}
        label={label}
        onSubmit={submit}
      />
    </>
  );
}
