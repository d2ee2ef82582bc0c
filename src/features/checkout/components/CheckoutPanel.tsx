import { cartBill } from "@contract/bill";
import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { MESSAGES } from "@contract/messages";
import type { PaymentMethod } from "@contract/orders";
import { PORTION_GROUP } from "@contract/vendor-rules";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { useOnline } from "@/components/OfflineBanner";
import { formatPence } from "@/lib/money";
import { orderTypeLabel } from "@/lib/order-display";
import {
  type CashOrderWrite,
  cashOrderError,
  cashOrderKey,
  confirmedLines,
  isOnline,
  QUEUED_ORDER_MESSAGES,
  registerCashOrders,
  waitingText,
} from "../api/cash-orders";
import { useCarDelivery } from "../hooks/use-car-delivery";
import { type QueuedCashOrder, useQueuedCashOrder } from "../hooks/use-queued-cash-order";
import { orderPayload, withPaymentMethod } from "../lib/order-payload";
import {
  checkoutAttemptKey,
  type PendingCheckout,
  savePendingCheckout,
} from "../lib/pending-checkout";
import "../checkout.css";
import { CarDeliveryBlock } from "./CarDeliveryBlock";
import { CheckoutActionBar } from "./CheckoutActionBar";
import { PaymentMethodChoice } from "./PaymentMethodChoice";

export interface CheckoutPanelProps {
  cart: Cart;
  vendorId: number | null;
  orderType: OrderType | null;
}

/** Where the payment screen's back button and other flows send an error to show on the cart. */
export interface CartLocationState {
  checkoutError?: string;
}

const lineSummary = (cart: Cart) =>
  cart.items.map((item) => ({
    key: String(item.lineId),
    name: item.name,
    quantity: item.quantity,
    totalPence: item.totalPricePence,
    addons: item.addons.flatMap((group) =>
      group.addons.map((addon) => ({
        key: `${group.groupId}-${addon.addonId}`,
        group: group.groupName,
        name: addon.name,
        quantity: addon.quantity,
        unitPricePence: addon.pricePence,
        isPortion: group.groupName === PORTION_GROUP,
      })),
    ),
  }));

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

/** The cart page's checkout: car delivery, payment method and the fixed bottom button (the product spec (docs/product-spec.md § Screens and routes), Cart). */
export function CheckoutPanel({ cart, vendorId, orderType }: CheckoutPanelProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  registerCashOrders(queryClient);
  const delivery = useCarDelivery();
  const online = useOnline();
  const queued = useQueuedCashOrder();
  const [method, setMethod] = useState<PaymentMethod | null>("stripe");
  const [methodError, setMethodError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    (location.state as CartLocationState | null)?.checkoutError ?? null,
  );

  // Success (here, or after a reload, or when a queued order is finally sent) is the app's: see setCashOrderHandlers.
  const cashOrder = useMutation<{ id: number }, Error, CashOrderWrite>({
    mutationKey: cashOrderKey,
  });

  if (queued) return <QueuedOrderBar queued={queued} online={online} />;

  const placeCashOrder = (payload: ReturnType<typeof orderPayload>) => {
    const write: CashOrderWrite = {
      order: withPaymentMethod(payload, "cash_at_counter"),
      idempotencyKey: checkoutAttemptKey(),
      queued: !isOnline(),
      lines: confirmedLines(cart),
      summary: {
        vendorName: cart.vendor_info?.name ?? "",
        orderType: orderTypeLabel(orderType ?? cart.orderType ?? "takeaway"),
        totalPence: cart.totalPence,
        bill: cartBill(cart),
        preparationTime: cart.vendor_info?.preparationTime ?? null,
        items: lineSummary(cart),
        vehicle: delivery.state.vehicle,
      },
    };
    cashOrder.mutate(write, {
      onError: (caught) => !write.queued && setError(cashOrderError(caught)),
    });
  };

  const cardOffline = method === "stripe" && !online;

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
      placeCashOrder(payload);
      return;
    }
    if (!isOnline()) {
      setError(QUEUED_ORDER_MESSAGES.cardNeedsConnection);
      return;
    }
    const pending: PendingCheckout = {
      orderData: payload,
      amountPence: cart.totalPence,
      bill: cartBill(cart),
      currency: "gbp",
      vendorName: cart.vendor_info?.name ?? "",
      itemCount: cart.items.reduce((sum, item) => sum + item.quantity, 0),
      items: lineSummary(cart),
    };
    savePendingCheckout(pending);
    navigate("/stripe-webview-payment", { state: { pending } });
  };

  const busy = cashOrder.isPending && !cashOrder.variables?.queued;
  const total = formatPence(cart.totalPence);
  const label =
    method === "cash_at_counter" ? `Place Order ${total}` : `Proceed to Payment ${total}`;
  const blocked = !delivery.complete || cardOffline;
  const cardHint = delivery.complete && cardOffline;
  const hint = !delivery.complete
    ? delivery.state.answer === "yes"
      ? "Find your car, or answer No, to continue."
      : "Answer “Would you like a car delivery?” to continue."
    : cardHint
      ? QUEUED_ORDER_MESSAGES.cardNeedsConnection
      : null;

  return (
    <>
      <CarDeliveryBlock delivery={delivery} />
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
        offlineHint={cardHint}
        busy={busy}
        blocked={blocked}
        label={label}
        onSubmit={submit}
      />
    </>
  );
}
