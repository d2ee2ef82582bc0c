import type { CheckoutOrder, CheckoutResponse } from "@contract/basket";
import { orderEstimateText, vendorEstimateText } from "@contract/estimated-time";
import type { Order, OrderStatus } from "@contract/orders";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { brand } from "@/lib/brand";
import { atCounterOf, theName } from "@/lib/copy";
import { formatPence } from "@/lib/money";
import { orderNumber, orderTypeLabel } from "@/lib/order-display";
import { orderDetailQuery } from "@/lib/order-queries";
import { useNow } from "@/lib/use-now";
import type { CheckoutCashState } from "../hooks/use-cash-order";
import { summaryOfOrder } from "../lib/order-view";
import type { PlacedCashOrder } from "../lib/pending-checkout";
import "../checkout.css";
import { CashHero } from "./CashHero";
import { PlacedOrderReceipt, type PlacedOrderReceiptProps, VehicleRow } from "./PlacedOrderReceipt";

/** The product spec (docs/product-spec.md § Screens and routes): only when there is no order data at all. */
const SAMPLE = { vendorName: `${brand.appName} Kitchen`, orderNumber: "#25" } as const;

export interface CashAtCounterPageProps {
  /** Spec: the cart is cleared on entry. */
  onEnter: () => void;
}

function fromPlaced(placed: PlacedCashOrder): PlacedOrderReceiptProps {
  return {
    orderNumber: orderNumber(placed.orderId),
    vendorName: placed.vendorName || SAMPLE.vendorName,
    orderType: placed.orderType,
    totalPence: placed.totalPence,
    bill: placed.bill,
    estimatedTime: vendorEstimateText(placed.preparationTime, "long"),
    items: placed.items,
  };
}

const sampleSummary: PlacedOrderReceiptProps = {
  orderNumber: SAMPLE.orderNumber,
  vendorName: SAMPLE.vendorName,
  orderType: orderTypeLabel("takeaway"),
  totalPence: 0,
  estimatedTime: vendorEstimateText(null, "long"),
  items: [],
};

/** How far a cash order has gone, as the server says (live): 0 to pay, 1 paid, 2 preparing, 3 ready, 4 collected. */
function cashStep(status: OrderStatus | undefined): number {
  if (!status || status === "pending" || status === "pending_payment") return 0;
  return { confirmed: 1, preparing: 2, ready: 3, completed: 4, delivered: 4, cancelled: -1 }[
    status
  ];
}

/** The hero's line once the cash is taken: the order's live status instead of asking for it again. */
const STAGE_TITLE: Record<number, string> = {
  1: "Paid — the kitchen has your order",
  2: "Preparing your order",
  3: "Ready for Pickup",
  4: "Collected — enjoy your meal",
  [-1]: "Order Cancelled",
};

/** 'What's Next?': the spec's three steps, said for one counter or for several trailers' orders; done ones ticked. */
function WhatsNext({
  first,
  collect,
  step = 0,
}: {
  first: ReactNode;
  collect: ReactNode;
  /** cashStep of the order: the steps it has passed read as done. */
  step?: number;
}) {
  const done = (index: number) => (step >= index ? "whats-next__done" : undefined);
  return (
    <section className="card whats-next" aria-labelledby="whats-next-title">
      <h2 id="whats-next-title">What's Next?</h2>
      <ol>
        <li className={done(1)}>
          <strong>Go to the counter and pay.</strong> {step >= 1 ? "Paid." : first}
        </li>
        <li className={done(2)}>
          <strong>Preparation starts after payment.</strong>{" "}
          {step >= 2 ? "Preparing now." : "The kitchen starts cooking as soon as you've paid."}
        </li>
        <li className={done(4)}>
          <strong>Collect your order.</strong> {step === 3 ? "It's ready now." : collect}
        </li>
      </ol>
    </section>
  );
}

/** The moment an order turns ready: the whole screen says so until the customer taps OK. */
function ReadyMoment({ order }: { order: Order }) {
  const [seen, setSeen] = useState(false);
  if (seen || order.status !== "ready") return null;
  return (
    <div
      className="ready-moment"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="ready-moment-title"
    >
      <p className="ready-moment__number">Order {orderNumber(order.id)}</p>
      <h2 id="ready-moment-title" className="ready-moment__title">
        Ready for Pickup
      </h2>
      <p className="ready-moment__where">
        {order.vehicle ? "It's on its way to your car from" : "Collect it at"}{" "}
        <strong>{order.vendorName}</strong>
      </p>
      <button type="button" className="btn btn--secondary" onClick={() => setSeen(true)}>
        OK
      </button>
    </div>
  );
}

/** One trailer's part of several: what to pay where, its items and estimated time, and its own tracking link. */
function TrailerOrder({ order, atTill }: { order: CheckoutOrder; atTill: boolean }) {
  const placed = useQuery(orderDetailQuery(order.id));
  const now = useNow(30_000);
  return (
    <li className="basket-cash__order">
      <h3 className="basket-cash__vendor">
        {order.vendorName}{" "}
        <span className="basket-cash__number">· Order {orderNumber(order.id)}</span>
      </h3>
      {cashStep(placed.data?.status) === 0 ? (
        <p className="basket-cash__pay">
          {atTill ? "" : "Pay "}
          <strong>{formatPence(order.totalPence)}</strong>{" "}
          {atTill ? `for ${theName(order.vendorName)} order` : atCounterOf(order.vendorName)}
        </p>
      ) : (
        <p className="basket-cash__pay" data-testid="cash-stage">
          <strong>{STAGE_TITLE[cashStep(placed.data?.status)]}</strong> ·{" "}
          {formatPence(order.totalPence)}
        </p>
      )}
      {placed.data ? (
        <>
          <p className="basket-cash__eta">
            Estimated time: <strong>{orderEstimateText(placed.data, "long", now)}</strong>
          </p>
          <ul className="basket-cash__items" aria-label={`Items from ${order.vendorName}`}>
            {placed.data.items.map((item) => (
              <li key={item.id}>
                {item.quantity}× {item.name}
              </li>
            ))}
          </ul>
        </>
      ) : placed.isError ? null : (
        <Skeleton width="60%" height={16} />
      )}
      <Link to={`/order/${order.id}`} className="basket-cash__track">
        Track {order.vendorName} order
      </Link>
      {placed.data && <ReadyMoment order={placed.data} />}
    </li>
  );
}

/** Several trailers' orders from one checkout: what to pay at each counter (or at the park till). */
function SeveralOrders({ checkout }: { checkout: CheckoutResponse }) {
  const atTill = checkout.cashPaidAt === "park_till";
  const numbers = checkout.orders.map((order) => orderNumber(order.id)).join(", ");
  const total = formatPence(checkout.totalPence);
  return (
    <>
      <CashHero
        eyebrow={`${checkout.orders.length} orders placed: ${numbers}`}
        title={
          atTill
            ? `Pay ${total} at the park till`
            : `Pay ${total} in all, at each trailer's counter`
        }
      />
      <div className="split-layout">
        <section className="card basket-cash" aria-labelledby="basket-cash-title">
          <h2 id="basket-cash-title">{atTill ? "Your orders" : "Pay at each counter"}</h2>
          <ul className="basket-cash__list">
            {checkout.orders.map((order) => (
              <TrailerOrder key={order.id} order={order} atTill={atTill} />
            ))}
          </ul>
          <p className="basket-cash__total">
            Total <strong>{total}</strong>
          </p>
        </section>
        <div className="confirmation-actions">
          <WhatsNext
            first={
              atTill
                ? `Show order numbers ${numbers} at the park till and pay in cash.`
                : "Show each trailer its order number and pay it in cash."
            }
            collect="We'll tell you which trailer is ready, one by one."
          />
          <Link className="btn btn--secondary btn--block" to="/orders">
            <span>See all in My Orders</span>
          </Link>
        </div>
      </div>
    </>
  );
}

/** One trailer's order: the spec's screen, read back from the server once it can be. */
function OneOrder({ placed }: { placed: PlacedCashOrder | null }) {
  const orderId = placed?.orderId ?? null;
  const order = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  const number = orderId ? orderNumber(orderId) : SAMPLE.orderNumber;
  const now = useNow(60_000);
  const summary = order.data
    ? summaryOfOrder(order.data, number, now)
    : placed
      ? fromPlaced(placed)
      : sampleSummary;
  const vehicle = order.data?.vehicle ?? placed?.vehicle ?? null;
  // The order's live status (socket and refetch): once the cash is taken it is not asked for again.
  const step = cashStep(order.data?.status);
  return (
    <>
      <CashHero
        eyebrow={<>Order {summary.orderNumber} placed</>}
        title={
          step === 0 ? (
            <>
              Pay {summary.totalPence > 0 ? formatPence(summary.totalPence) : ""}{" "}
              {atCounterOf(summary.vendorName)}
            </>
          ) : (
            <span data-testid="cash-stage">{STAGE_TITLE[step]}</span>
          )
        }
      />
      {order.data && <ReadyMoment order={order.data} />}
      <div className="split-layout">
        <PlacedOrderReceipt {...summary} extra={<VehicleRow vehicle={vehicle} />} />
        <div className="confirmation-actions">
          <WhatsNext
            step={step}
            first={
              <>
                Show order number {summary.orderNumber} at {theName(summary.vendorName)} trailer and
                pay in cash.
              </>
            }
            collect={
              <>
                We'll let you know when it's ready
                {vehicle ? " and bring it to your car" : " for pickup"}.
              </>
            }
          />
          <Link
            className="btn btn--primary btn--block"
            to={orderId !== null ? `/order/${orderId}` : "/orders"}
          >
            <span>Track your order</span>
          </Link>
        </div>
      </div>
    </>
  );
}

/**
 * /pay-cash-at-counter: what to do next for a cash order, of one trailer or several paid together
 * (the product spec (docs/product-spec.md § Screens and routes), Cash at counter).
 */
export default function CashAtCounterPage({ onEnter }: CashAtCounterPageProps) {
  const state = useLocation().state as (PlacedCashOrder & Partial<CheckoutCashState>) | null;
  useEffect(() => {
    onEnter();
  }, [onEnter]);
  return (
    <div className="page cash-page">
      <PageHeader title="Pay cash at counter" backTo="/" />
      {state?.basketCheckout ? (
        <SeveralOrders checkout={state.basketCheckout} />
      ) : (
        <OneOrder placed={state ?? null} />
      )}
    </div>
  );
}
