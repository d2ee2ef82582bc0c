import { MESSAGES } from "@contract/messages";
import type { PaymentMethod } from "@contract/orders";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { ReadyTextForm } from "@/components/ReadyTextForm";
import { formatPence } from "@/lib/money";
import { isOnline, useOnline } from "@/lib/network";
import { type CashOrderCart, QUEUED_ORDER_MESSAGES, waitingText } from "../api/cash-orders";
import { useCarDelivery } from "../hooks/use-car-delivery";
import { useCashOrder } from "../hooks/use-cash-order";
import { type QueuedCashOrder, useQueuedCashOrder } from "../hooks/use-queued-cash-order";
import { savePendingCheckout } from "../lib/pending-checkout";
import { type Purchase, pendingCardPayment } from "../lib/purchase";
import "../checkout.css";
import { CarDeliveryBlock } from "./CarDeliveryBlock";
import { CheckoutActionBar } from "./CheckoutActionBar";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

export interface CheckoutPanelProps extends Purchase {
  /** Why paying is not possible now (a trailer that cannot take the order, a total being priced), else null. */
  blockedReason: string | null;
  /** The cart keeper's keys, queue and fetch, for a cash order (src/app wires them). */
  cartKeeper: CashOrderCart;
}

/** Where the payment screen's back button and other flows send an error to show on the cart. */
export interface CartLocationState {
  checkoutError?: string;
  /** Opened by 'Order Again': the payment method of the order repeated. */
  repeatPaymentMethod?: PaymentMethod;
}

/** The bottom of the cart while a cash order placed offline waits for the network (or is being sent). */
function QueuedOrderBar({ queued, online }: { queued: QueuedCashOrder; online: boolean }) {
  const total = formatPence(queued.write.summary.totalPence);
  return (
    <div className="action-bar cart-bar checkout-bar">
      <div className="checkout-queued" role="status">
        <Icon name={online ? "clock" : "wifiOff"} size={22} />
        <div>
          <strong>{online ? QUEUED_ORDER_MESSAGES.sending : QUEUED_ORDER_MESSAGES.title}</strong>
          {!online && <span>{waitingText(queued.write.summary.vendorName)}</span>}
        </div>
      </div>
      <Button block busy={online} disabled>
        {online ? "Placing order..." : `${QUEUED_ORDER_MESSAGES.button} · ${total}`}
      </Button>
      {!online && (
        <button type="button" className="link-btn checkout-queued__cancel" onClick={queued.cancel}>
          {QUEUED_ORDER_MESSAGES.cancel}
        </button>
      )}
    </div>
  );
}

/** Why the button is disabled, or what happens next; null when nothing needs saying. */
function hintFor(input: {
  blockedReason: string | null;
  deliveryComplete: boolean;
  answeredYes: boolean;
  needsConnection: boolean;
}): string | null {
  if (input.blockedReason) return input.blockedReason;
  if (!input.deliveryComplete)
    return input.answeredYes
      ? "Find your car, or answer No, to continue."
      : "Answer “Would you like a car delivery?” to continue.";
  return input.needsConnection ? QUEUED_ORDER_MESSAGES.cardNeedsConnection : null;
}

/**
 * The cart's checkout, for one trailer or several paid together: the car-delivery question, the payment
 * method and the fixed bottom button (the product spec (docs/product-spec.md § Screens and routes), Cart).
 * A card payment always goes through the Secure Payment screen.
 */
export function CheckoutPanel({ blockedReason, cartKeeper, ...purchase }: CheckoutPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const delivery = useCarDelivery();
  const online = useOnline();
  const queued = useQueuedCashOrder();
  // 'Order Again' opens the cart ready to pay the same way as last time.
  const [method, setMethod] = useState<PaymentMethod | null>(
    (location.state as CartLocationState | null)?.repeatPaymentMethod ?? "stripe",
  );
  const [methodError, setMethodError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    (location.state as CartLocationState | null)?.checkoutError ?? null,
  );
  const cash = useCashOrder(cartKeeper, setError);

  if (queued) return <QueuedOrderBar queued={queued} online={online} />;

  // Only one trailer's cash order can wait for the network; everything else is sent now.
  const canQueue = method === "cash_at_counter" && purchase.trailers.length === 1;
  const needsConnection = !online && !canQueue;

  const submit = () => {
    setError(null);
    setMethodError(null);
    if (!method) {
      setMethodError(MESSAGES.paymentMethodRequired);
      return;
    }
    if (purchase.trailers.length === 0) {
      setError(MESSAGES.noVendorSelected);
      return;
    }
    if (method === "cash_at_counter") {
      cash.place(purchase, delivery.state.vehicle);
      return;
    }
    if (!isOnline()) {
      setError(QUEUED_ORDER_MESSAGES.cardNeedsConnection);
      return;
    }
    const pending = pendingCardPayment(purchase, delivery.state.vehicle);
    savePendingCheckout(pending);
    void navigate("/stripe-webview-payment", { state: { pending } });
  };

  const total = formatPence(purchase.total.totalPence);
  const label =
    method === "cash_at_counter" ? `Place Order ${total}` : `Proceed to Payment ${total}`;
  const hint = hintFor({
    blockedReason,
    deliveryComplete: delivery.complete,
    answeredYes: delivery.state.answer === "yes",
    needsConnection,
  });

  return (
    <>
      <CarDeliveryBlock delivery={delivery} />
      <ReadyTextForm heading="h3" />
      <PaymentMethodChoice
        value={method}
        error={methodError}
        onChange={(next) => {
          setMethod(next);
          setMethodError(null);
          setError(null);
        }}
      />
      <CheckoutActionBar
        error={error}
        hint={hint}
        offlineHint={blockedReason === null && delivery.complete && needsConnection}
        busy={cash.busy}
        blocked={blockedReason !== null || !delivery.complete || needsConnection}
        label={label}
        onSubmit={submit}
      />
    </>
  );
}
