import type { Order } from "@contract/orders";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { ApiError } from "@/lib/api-client";
import { orderTypeLabel, paymentMethodLabel } from "@/lib/order-display";
import { orderDetailQuery } from "@/lib/order-queries";
import { carText } from "@/lib/plate";
import { formatDate, formatTime } from "@/lib/time";
import { useNow } from "@/lib/use-now";
import { timelineSteps } from "../lib/timeline";
import { BillSummary } from "./BillSummary";
import { CheckoutGroupNote } from "./CheckoutGroupNote";
import { OrderAgainButton } from "./OrderCard";
import { OrderItemsList } from "./OrderItemsList";
import { OrderStatusSummary } from "./OrderStatusSummary";
import { OrderTabs, type TabDefinition } from "./OrderTabs";
import { OrderTimeline } from "./OrderTimeline";
import "../orders.css";

type TabKey = "track" | "details" | "contact";

export interface OrderDetailsPageProps {
  /** Puts the order's items and add-ons back into the cart and opens it (composed in src/app). */
  orderAgain?: (order: Order) => Promise<void>;
}

/** The route's order id, or null when it is not a positive whole number. */
export function parseOrderId(raw: string | undefined): number | null {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function OrderNotFound() {
  return (
    <div className="empty-state">
      <Icon name="receipt" size={48} />
      <h2>Order not found</h2>
      <Link to="/orders" className="btn btn--secondary">
        <span>Back to Orders</span>
      </Link>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div
      className="order-summary card"
      aria-hidden="true"
      style={{ padding: 16, display: "grid", gap: 12 }}
    >
      <Skeleton height={56} />
      <Skeleton width="55%" height={18} />
      <Skeleton width="35%" height={14} />
    </div>
  );
}

/** Card orders are paid when placed; a cash order once the trailer took the money (it moved past payment). */
const isPaid = (order: Order) =>
  order.paymentMethod === "stripe" ||
  !["pending", "pending_payment", "cancelled"].includes(order.status);

function DetailsTab({ order }: { order: Order }) {
  return (
    <div className="order-details">
      <dl className="detail-list">
        <div>
          <dt>Order type</dt>
          <dd>{orderTypeLabel(order.orderType)}</dd>
        </div>
        {order.vehicle && (
          <div>
            <dt>Car delivery</dt>
            <dd>{carText(order.vehicle)}</dd>
          </div>
        )}
        <div>
          <dt>Payment method</dt>
          <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(order.created_at)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatTime(order.created_at)}</dd>
        </div>
        {order.vehicle && (
          <div>
            <dt>Car</dt>
            <dd>
              {order.vehicle.registrationNumber}
              {order.vehicle.make
                ? ` · ${[order.vehicle.colour, order.vehicle.make].filter(Boolean).join(" ")}`
                : ""}
            </dd>
          </div>
        )}
      </dl>
      <h2 className="order-details__heading">Items</h2>
      <OrderItemsList items={order.items} />
      <h2 className="order-details__heading">Bill summary</h2>
      <BillSummary order={order} />
      {isPaid(order) && (
        <Link
          className="btn btn--secondary btn--block order-details__receipts"
          to={`/order/${order.id}/receipts`}
        >
          <Icon name="receipt" size={20} />
          <span>Receipts</span>
        </Link>
      )}
    </div>
  );
}

function ContactTab({
  order,
  orderAgain,
}: {
  order: Order;
  orderAgain?: OrderDetailsPageProps["orderAgain"];
}) {
  const [busy, setBusy] = useState(false);
  const reorder = async () => {
    if (!orderAgain) return;
    setBusy(true);
    try {
      await orderAgain(order);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="order-contact">
      <p className="order-contact__vendor">{order.vendorName}</p>
      {order.vendorPhone ? (
        <a
          className="order-contact__phone"
          href={`tel:${order.vendorPhone.replace(/[^\d+]/g, "")}`}
        >
          <Icon name="phone" size={20} />
          <span>{order.vendorPhone}</span>
        </a>
      ) : (
        <p className="order-contact__none">No phone number listed</p>
      )}
      <div className="order-contact__actions">
        {orderAgain && (
          <Button
            variant="primary"
            block
            busy={busy}
            onClick={reorder}
            icon={<Icon name="cart" size={20} />}
          >
            {busy ? "Adding..." : "Order Again"}
          </Button>
        )}
        <Link to="/orders" className="btn btn--secondary btn--block">
          <span>Back to Orders</span>
        </Link>
      </div>
    </div>
  );
}

export function OrderDetailsPage({ orderAgain }: OrderDetailsPageProps) {
  const orderId = parseOrderId(useParams().orderId);
  const query = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  const [tab, setTab] = useState<TabKey>("track");
  const now = useNow(60_000);

  const header = <PageHeader title={orderId ? `Order #${orderId}` : "Order"} backTo="/orders" />;
  const order = query.data;
  const notFound =
    orderId === null ||
    (query.isError && !order && query.error instanceof ApiError && query.error.status === 404);

  if (notFound) {
    return (
      <div className="page order-page">
        {header}
        <OrderNotFound />
      </div>
    );
  }

  const tabs: TabDefinition<TabKey>[] = order
    ? [
        {
          key: "track",
          label: "Track Order",
          render: () => (
            <div className="order-track">
              <OrderTimeline
                steps={timelineSteps(order.status, order.paymentMethod, { handleCancelled: true })}
              />
              <p className="order-track__note">
                Order status updates automatically every 30 seconds.
              </p>
            </div>
          ),
        },
        { key: "details", label: "Order Details", render: () => <DetailsTab order={order} /> },
        {
          key: "contact",
          label: "Contact",
          render: () => <ContactTab order={order} orderAgain={orderAgain} />,
        },
      ]
    : [];

  return (
    <div className="page order-page">
      {header}
      {order ? (
        <div className="order-page__layout">
          <OrderStatusSummary order={order} now={now} etaStyle="long" />
          <CheckoutGroupNote order={order} variant="page" />
          {orderAgain && (
            <div className="order-page__again">
              <OrderAgainButton order={order} orderAgain={orderAgain} variant="primary" />
            </div>
          )}
          <OrderTabs<TabKey> tabs={tabs} selected={tab} onSelect={setTab} />
        </div>
      ) : query.isError ? (
        <div className="error-box" role="alert">
          <p>{query.error.message}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DetailsSkeleton />
      )}
    </div>
  );
}

export default OrderDetailsPage;
