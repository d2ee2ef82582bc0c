import { orderEstimateText } from "@contract/estimated-time";
import { ORDER_ITEMS_SHOWN_PER_CARD } from "@contract/limits";
import { isFinalStatus } from "@contract/order-status";
import type { Order } from "@contract/orders";
import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { StatusPill } from "@/components/StatusPill";
import { formatPence } from "@/lib/money";
import { orderTypeIcon, orderTypeLabel, paymentMethodLabel } from "@/lib/order-display";
import { carText } from "@/lib/plate";
import { formatDate, formatTime } from "@/lib/time";
import { CheckoutGroupNote } from "./CheckoutGroupNote";

/** 'Order Again' with its busy state ('Adding...'): one tap puts the order back in the cart. */
export function OrderAgainButton({
  order,
  orderAgain,
  variant = "secondary",
}: {
  order: Order;
  orderAgain: (order: Order) => Promise<void>;
  variant?: "primary" | "secondary";
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`btn btn--${variant} btn--small order-again`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await orderAgain(order);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Icon name="cart" size={18} />
      <span>{busy ? "Adding..." : "Order Again"}</span>
    </button>
  );
}

export function OrderCard({
  order,
  now,
  orderAgain,
}: {
  order: Order;
  now: number;
  orderAgain?: ((order: Order) => Promise<void>) | undefined;
}) {
  const shown = order.items.slice(0, ORDER_ITEMS_SHOWN_PER_CARD);
  const more = order.items.length - shown.length;
  const headingId = `order-${order.id}-title`;
  return (
    <article className="order-card card" aria-labelledby={headingId} data-order-id={order.id}>
      <header className="order-card__head">
        <span className="order-card__type" title={orderTypeLabel(order.orderType)}>
          <Icon name={orderTypeIcon(order.orderType)} size={22} />
          <span className="visually-hidden">{orderTypeLabel(order.orderType)}</span>
        </span>
        <h2 id={headingId} className="order-card__vendor">
          {order.vendorName}
        </h2>
        <StatusPill status={order.status} />
        <p className="order-card__meta">
          Order #{order.id} ·{" "}
          <time dateTime={order.created_at}>
            {formatDate(order.created_at)}, {formatTime(order.created_at)}
          </time>
        </p>
      </header>
      {order.vehicle && (
        <p className="order-card__car" data-testid="order-car">
          <Icon name="truck" size={18} />
          <span>
            {orderTypeLabel(order.orderType)} to your car: <strong>{carText(order.vehicle)}</strong>
          </span>
        </p>
      )}

      {!isFinalStatus(order.status) && (
        <p className="order-card__eta">
          <Icon name="clock" size={18} />
          <span>
            Estimated time: <strong>{orderEstimateText(order, "short", now)}</strong>
          </span>
        </p>
      )}

      <ul className="order-card__items">
        {shown.map((item) => (
          <li key={item.id}>
            <span className="order-card__qty">{item.quantity} ×</span> {item.name}
          </li>
        ))}
        {more > 0 && (
          <li className="order-card__more">
            +{more} more {more === 1 ? "item" : "items"}
          </li>
        )}
      </ul>

      <CheckoutGroupNote order={order} variant="card" />

      <footer className="order-card__foot">
        <div>
          <span className="order-card__total">{formatPence(order.totalPence)}</span>
          <span className="order-card__payment">{paymentMethodLabel(order.paymentMethod)}</span>
        </div>
        <div className="order-card__actions">
          {orderAgain && <OrderAgainButton order={order} orderAgain={orderAgain} />}
          <Link
            to={`/order/${order.id}`}
            className="btn btn--secondary btn--small"
            aria-label={`View Details of order #${order.id}`}
          >
            <span>View Details</span>
          </Link>
        </div>
      </footer>
    </article>
  );
}
