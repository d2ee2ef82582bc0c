import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Cart } from "../../../../contract/cart";
import type { OrderType } from "../../../../contract/common";
import { MESSAGES } from "../../../../contract/messages";
import type { PaymentMethod } from "../../../../contract/orders";
import { Button } from "../../../components/Button";
import { ApiError } from "../../../lib/api-client";
import { enabledOrderTypes } from "../../../lib/brand";
import { formatPence } from "../../../lib/money";
import { placeCashOrder } from "../api/checkout-api";
import { useCarDelivery } from "../hooks/use-car-delivery";
import { orderPayload, withPaymentMethod } from "../lib/order-payload";
import {
  checkoutAttemptKey,
  finishCheckoutAttempt,
  type PendingCheckout,
  type PlacedCashOrder,
  savePendingCheckout,
} from "../lib/pending-checkout";
import "../checkout.css";
import { CarDeliveryBlock } from "./CarDeliveryBlock";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

export interface CheckoutPanelProps {
  cart: Cart;
  vendorId: number | null;
  orderType: OrderType | null;
  /** The order exists and the server emptied the cart: forget the local copy. */
  onOrderPlaced: () => void;
}

/** Where the payment screen's back button and other flows send an error to show on the cart. */
export interface CartLocationState {
  checkoutError?: string;
}

const orderTypeLabel = (orderType: string) => enabledOrderTypes().find((type) => type.id === orderType)?.label ?? orderType;

/** A failed cash order: the server's reason when it gave one, else the spec's 'Failed to place order'. */
function cashOrderError(error: unknown): string {
  if (error instanceof ApiError && !error.network && error.status < 500 && error.message !== MESSAGES.postFailed) return error.message;
  return MESSAGES.cashOrderFailed;
}

const lineSummary = (cart: Cart) => cart.items.map((item) => ({ key: String(item.lineId), name: item.name, quantity: item.quantity, totalPence: item.totalPricePence }));

/** The cart page's checkout: car delivery, payment method and the fixed bottom button (spec section 2, Cart). */
export function CheckoutPanel({ cart, vendorId, orderType, onOrderPlaced }: CheckoutPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const delivery = useCarDelivery();
  const [method, setMethod] = useState<PaymentMethod | null>("stripe");
  const [methodError, setMethodError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>((location.state as CartLocationState | null)?.checkoutError ?? null);
  const hintId = useId();

  const cashOrder = useMutation({
    mutationFn: (payload: ReturnType<typeof orderPayload>) => placeCashOrder(withPaymentMethod(payload, "cash_at_counter"), checkoutAttemptKey()),
    onSuccess: (created) => {
      finishCheckoutAttempt();
      const placed: PlacedCashOrder = {
        orderId: created.id,
        vendorName: cart.vendor_info?.name ?? "",
        orderType: orderTypeLabel(orderType ?? cart.orderType ?? "takeaway"),
        totalPence: cart.totalPence,
        preparationTime: cart.vendor_info?.preparationTime ?? null,
        items: lineSummary(cart),
        vehicle: delivery.state.vehicle,
      };
      onOrderPlaced();
      navigate("/pay-cash-at-counter", { state: placed });
    },
    onError: (caught) => setError(cashOrderError(caught)),
  });

  const submit = () => {
    setError(null);
    setMethodError(null);
    if (!method) {
      setMethodError(MESSAGES.paymentMethodRequired);
      return;
    }
    if (vendorId === null) {
      setError(MESSAGES.noVendorSelected);
      return;
    }
    const payload = orderPayload(cart, { vendorId, orderType, vehicle: delivery.state.vehicle });
    if (method === "cash_at_counter") {
      cashOrder.mutate(payload);
      return;
    }
    const pending: PendingCheckout = {
      orderData: payload,
      amountPence: cart.totalPence,
      currency: "gbp",
      vendorName: cart.vendor_info?.name ?? "",
      itemCount: cart.items.reduce((sum, item) => sum + item.quantity, 0),
      items: lineSummary(cart),
    };
    savePendingCheckout(pending);
    navigate("/stripe-webview-payment", { state: { pending } });
  };

  const busy = cashOrder.isPending;
  const total = formatPence(cart.totalPence);
  const label = method === "cash_at_counter" ? `Place Order ${total}` : `Proceed to Payment ${total}`;

  return (
    <>
      <CarDeliveryBlock delivery={delivery} />
      <PaymentMethodChoice
        value={method}
        error={methodError}
        onChange={(next) => {
          setMethod(next);
          setMethodError(null);
        }}
      />
      <div className="cart-bar checkout-bar">
        {error && (
          <p className="error-box checkout-bar__error" role="alert">
            {error}
          </p>
        )}
        {!delivery.complete && (
          <p id={hintId} className="checkout-bar__hint">
            {delivery.state.answer === "yes" ? "Find your car, or answer No, to continue." : "Answer “Would you like a car delivery?” to continue."}
          </p>
        )}
        <Button block busy={busy} disabled={!delivery.complete} aria-describedby={delivery.complete ? undefined : hintId} onClick={submit}>
          {busy ? "Processing..." : label}
        </Button>
      </div>
    </>
  );
}
