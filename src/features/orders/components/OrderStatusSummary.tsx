import { orderEstimateText } from "@contract/estimated-time";
import { isFinalStatus, statusBannerText } from "@contract/order-status";
import type { Order, OrderCancellation } from "@contract/orders";
import { Icon, type IconName } from "@/components/Icon";
import { formatPence } from "@/lib/money";
import { orderTypeIcon, orderTypeLabel } from "@/lib/order-display";
import { carText } from "@/lib/plate";
import { formatDate, formatTime } from "@/lib/time";
import { bannerTone } from "../lib/status-style";

const BANNER_ICON: Record<string, IconName> = {
  orange: "clock",
  blue: "bell",
  green: "check",
  red: "close",
  grey: "info",
};

/** Beneath 'Order Cancelled': what goes back and how, then the staff's reason. */
function CancellationLines({ cancellation }: { cancellation: OrderCancellation }) {
  const { refund, reason } = cancellation;
  if (!refund && !reason) return null;
  return (
    <div className="order-summary__cancellation">
      {refund && (
        <p className="order-summary__refund" data-testid="order-refund">
          {refund.to === "card"
            ? refund.sent
              ? `${formatPence(refund.amountPence)} refunded to your card`
              : `${formatPence(refund.amountPence)} is being refunded to your card`
            : `You paid ${formatPence(refund.amountPence)} in cash: the counter refunds it`}
        </p>
      )}
      {reason && <p className="order-summary__reason">Reason: {reason}</p>}
    </div>
  );
}

/**
 * A tracked order's live summary: the status banner (docs/product-spec.md § States and transitions texts, a live
 * region so changes are heard) over its facts and estimate. Checkout's receipt of a just-placed order is
 * PlacedOrderReceipt in the checkout feature.
 */
export function OrderStatusSummary({
  order,
  now,
  etaStyle,
}: {
  order: Order;
  now: number;
  etaStyle: "short" | "long";
}) {
  const tone = bannerTone(order.status);
  return (
    <section className="order-summary card" aria-label="Order summary">
      <div className={`status-banner status-banner--${tone}`} role="status" aria-live="polite">
        <Icon name={BANNER_ICON[tone] ?? "info"} size={26} />
        <p className="status-banner__text">{statusBannerText(order.status)}</p>
      </div>
      {order.status === "cancelled" && order.cancellation && (
        <CancellationLines cancellation={order.cancellation} />
      )}
      <div className="order-summary__body">
        <div className="order-summary__top">
          <p className="order-summary__vendor">{order.vendorName}</p>
          <p className="order-summary__total">{formatPence(order.totalPence)}</p>
        </div>
        <p className="order-summary__meta">
          <Icon name={orderTypeIcon(order.orderType)} size={18} /> {orderTypeLabel(order.orderType)}{" "}
          ·{" "}
          <time dateTime={order.created_at}>
            {formatDate(order.created_at)}, {formatTime(order.created_at)}
          </time>
        </p>
        {order.vehicle && (
          <p className="order-summary__car" data-testid="order-car">
            <Icon name="truck" size={18} /> To your car: <strong>{carText(order.vehicle)}</strong>
          </p>
        )}
        {!isFinalStatus(order.status) && (
          <p className="order-summary__eta">
            <Icon name="clock" size={18} /> Estimated time:{" "}
            <strong>{orderEstimateText(order, etaStyle, now)}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
