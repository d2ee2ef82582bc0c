import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { ApiError } from "@/lib/api-client";
import { orderDetailQuery } from "@/lib/order-queries";
import { useNow } from "@/lib/use-now";
import { timelineSteps } from "../lib/timeline";
import { OrderNotFound, parseOrderId } from "./OrderDetailsPage";
import { OrderStatusSummary } from "./OrderStatusSummary";
import { OrderTimeline } from "./OrderTimeline";
import "../orders.css";

/** /track-order/{id}: the timeline alone, without the cancelled handling of the details screen (docs/product-spec.md § Screens and routes). */
export default function TrackOrderPage() {
  const orderId = parseOrderId(useParams().orderId);
  const query = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  const now = useNow(60_000);
  const order = query.data;
  const notFound =
    orderId === null || (!order && query.error instanceof ApiError && query.error.status === 404);

  return (
    <div className="page order-page">
      <PageHeader title={orderId ? `Track Order #${orderId}` : "Track Order"} />
      {notFound ? (
        <OrderNotFound />
      ) : order ? (
        <div className="order-page__layout">
          <OrderStatusSummary order={order} now={now} etaStyle="short" />
          <section className="card order-track" aria-label="Tracking">
            <OrderTimeline
              steps={timelineSteps(order.status, order.paymentMethod, { handleCancelled: false })}
            />
            <p className="order-track__note">
              Order status updates automatically every 30 seconds.
            </p>
            <Link to={`/order/${order.id}`} className="btn btn--secondary btn--block">
              <span>View order details</span>
            </Link>
          </section>
        </div>
      ) : query.isError ? (
        <div className="error-box" role="alert">
          {query.error.message}
        </div>
      ) : (
        <Skeleton height={240} />
      )}
    </div>
  );
}
