import { MESSAGES } from "@contract/messages";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { useNow } from "@/lib/use-now";
import { orderQuery } from "../api/checkout-api";
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

/** /order-confirmation/{orderId} (the product spec (docs/product-spec.md § Screens and routes), Order confirmation). */
export default function OrderConfirmationPage() {
  const orderId = Number(useParams().orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useQuery({ ...orderQuery(orderId), enabled: valid });
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
        <p className="confirmation-hero__number">#ORD{orderId}</p>
        <p>Thank you! The kitchen has your order. We'll let you know when it's ready.</p>
      </div>
      <div className="split-layout">
        {order.data ? (
          <PlacedOrderReceipt
            {...summaryOfOrder(order.data, `#ORD${orderId}`, now)}
            extra={<VehicleRow vehicle={order.data.vehicle} />}
          />
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
