import { MESSAGES } from "@contract/messages";
import type { CheckoutGroup } from "@contract/orders";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { formatPence } from "@/lib/money";
import { confirmationNumber } from "@/lib/order-display";
import { orderDetailQuery } from "@/lib/order-queries";
import { useNow } from "@/lib/use-now";
import { summaryOfOrder } from "../lib/order-view";
import "../checkout.css";
import { PlacedOrderReceipt, VehicleRow } from "./PlacedOrderReceipt";

function SummarySkeleton() {
  return (
    <div className="card order-summary" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your order…
      </p>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="order-summary__skeleton-row" aria-hidden="true">
          <Skeleton width="35%" height={16} />
          <Skeleton width="30%" height={16} />
        </div>
      ))}
    </div>
  );
}

/** A basket's payment made several orders: every one of them, and what was charged in all. */
function BasketOrders({ group, shownId }: { group: CheckoutGroup; shownId: number }) {
  return (
    <section className="card basket-confirmation" aria-labelledby="basket-confirmation-title">
      <h2 id="basket-confirmation-title">{group.orders.length} orders in this payment</h2>
      <ul className="basket-confirmation__list">
        {group.orders.map((order) => (
          <li key={order.id}>
            <span>
              <strong>{order.vendorName}</strong> · {confirmationNumber(order.id)}
            </span>
            <span className="basket-confirmation__total">{formatPence(order.totalPence)}</span>
            {order.id !== shownId && (
              <Link to={`/order/${order.id}`} className="basket-confirmation__track">
                Track {order.vendorName} order
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="basket-confirmation__charged" data-testid="total-charged">
        Total charged <strong>{formatPence(group.totalPence)}</strong>
      </p>
    </section>
  );
}

/** /order-confirmation/{orderId} (the product spec (docs/product-spec.md § Screens and routes), Order confirmation). */
export default function OrderConfirmationPage() {
  const orderId = Number(useParams().orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useQuery({ ...orderDetailQuery(orderId), enabled: valid });
  const now = useNow(60_000);

  if (!valid || order.isError) {
    return (
      <div className="page confirmation-page">
        <PageHeader title="Order" backTo="/orders" />
        <div className="status-panel status-panel--error" role="alert">
          <Icon name="alert" size={36} />
          <p>{MESSAGES.orderConfirmationFailed}</p>
          <Link className="btn btn--primary btn--block" to="/orders">
            <span>Back to Orders</span>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page confirmation-page">
      <div className="confirmation-hero">
        <span className="success-mark" aria-hidden="true">
          <Icon name="check" size={40} />
        </span>
        <h1>Order Confirmed</h1>
        <p className="confirmation-hero__number">
          {order.data?.checkout && order.data.checkout.orders.length > 1
            ? order.data.checkout.orders.map((entry) => confirmationNumber(entry.id)).join(" · ")
            : confirmationNumber(orderId)}
        </p>
        <p>Thank you! The kitchen has your order. We'll let you know when it's ready.</p>
      </div>
      <div className="split-layout">
        {order.data ? (
          <div className="confirmation-orders">
            {order.data.checkout && order.data.checkout.orders.length > 1 && (
              <BasketOrders group={order.data.checkout} shownId={orderId} />
            )}
            <PlacedOrderReceipt
              {...summaryOfOrder(order.data, confirmationNumber(orderId), now)}
              extra={<VehicleRow vehicle={order.data.vehicle} />}
            />
          </div>
        ) : (
          <SummarySkeleton />
        )}
        <div className="confirmation-actions">
          <Link className="btn btn--primary btn--block" to={`/order/${orderId}`}>
            <span>Track your order</span>
          </Link>
          <Link className="btn btn--secondary btn--block" to={`/order/${orderId}/receipts`}>
            <span>Receipts</span>
          </Link>
          <Link className="btn btn--secondary btn--block" to="/vendors">
            <span>Order something else</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
