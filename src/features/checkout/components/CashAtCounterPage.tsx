import { vendorEstimateText } from "@contract/estimated-time";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { brand } from "@/lib/brand";
import { atCounterOf, theName } from "@/lib/copy";
import { formatPence } from "@/lib/money";
import { orderTypeLabel } from "@/lib/order-display";
import { useNow } from "@/lib/use-now";
import { orderQuery } from "../api/checkout-api";
import { summaryOfOrder } from "../lib/order-view";
import type { PlacedCashOrder } from "../lib/pending-checkout";
import "../checkout.css";
import { BasketCashPage } from "./BasketCashPage";
import type { BasketCashState } from "./BasketCheckoutPanel";
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
    orderNumber: `#${placed.orderId}`,
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

/** /pay-cash-at-counter: what to do next for a cash order (the product spec (docs/product-spec.md § Screens and routes), Cash at counter). */
export default function CashAtCounterPage({ onEnter }: CashAtCounterPageProps) {
  const state = useLocation().state as (PlacedCashOrder & Partial<BasketCashState>) | null;
  if (state?.basketCheckout)
    return <BasketCash checkout={state.basketCheckout} onEnter={onEnter} />;
  return <OneOrderCash placed={state ?? null} onEnter={onEnter} />;
}

/** Several trailers' orders from one checkout. */
function BasketCash({
  checkout,
  onEnter,
}: {
  checkout: BasketCashState["basketCheckout"];
  onEnter: () => void;
}) {
  useEffect(() => {
    onEnter();
  }, [onEnter]);
  return <BasketCashPage checkout={checkout} />;
}

function OneOrderCash({
  placed,
  onEnter,
}: {
  placed: PlacedCashOrder | null;
  onEnter: () => void;
}) {
  const orderId = placed?.orderId ?? null;
  const order = useQuery({ ...orderQuery(orderId ?? 0), enabled: orderId !== null });

  useEffect(() => {
    onEnter();
  }, [onEnter]);

  const orderNumber = orderId ? `#${orderId}` : SAMPLE.orderNumber;
  const now = useNow(60_000);
  const summary = order.data
    ? summaryOfOrder(order.data, orderNumber, now)
    : placed
      ? fromPlaced(placed)
      : sampleSummary;
  const vehicle = order.data?.vehicle ?? placed?.vehicle ?? null;

  return (
    <div className="page cash-page">
      <PageHeader title="Pay cash at counter" backTo="/" />
      <CashHero
        eyebrow={<>Order {summary.orderNumber} placed</>}
        title={
          <>
            Pay {summary.totalPence > 0 ? formatPence(summary.totalPence) : ""}{" "}
            {atCounterOf(summary.vendorName)}
          </>
        }
      />
      <div className="split-layout">
        <PlacedOrderReceipt {...summary} extra={<VehicleRow vehicle={vehicle} />} />
        <div className="confirmation-actions">
          <section className="card whats-next" aria-labelledby="whats-next-title">
            <h2 id="whats-next-title">What's Next?</h2>
            <ol>
              <li>
                <strong>Go to the counter and pay.</strong> Show order number {summary.orderNumber}{" "}
                at {theName(summary.vendorName)} trailer and pay in cash.
              </li>
              <li>
                <strong>Preparation starts after payment.</strong> The kitchen starts cooking as
                soon as you've paid.
              </li>
              <li>
                <strong>Collect your order.</strong> We'll let you know when it's ready
                {vehicle ? " and bring it to your car" : " for pickup"}.
              </li>
            </ol>
          </section>
          <Link
            className="btn btn--primary btn--block"
            to={orderId !== null ? `/order/${orderId}` : "/orders"}
          >
            <span>Track your order</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
