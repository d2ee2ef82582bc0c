import { orderEstimateText } from "@contract/estimated-time";
import { isFinalStatus } from "@contract/order-status";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { StatusPill } from "@/components/StatusPill";
import { orderNumber } from "@/lib/order-display";
import { ordersListQuery } from "@/lib/order-queries";
import { useNow } from "@/lib/use-now";

/**
 * Home: the customer's order in progress (the newest unfinished one), its live status (the cached list is updated
 * in place by the live feed) and estimate; a ready order says where to collect it.
 */
export function ActiveOrderCard() {
  const orders = useQuery(ordersListQuery());
  const now = useNow(30_000);
  const active = orders.data?.filter((order) => !isFinalStatus(order.status)) ?? [];
  const order = active[0];
  if (!order) return null;
  const ready = order.status === "ready";
  const estimate = orderEstimateText(order, "short", now);
  return (
    <section
      className={`active-order card${ready ? " active-order--ready" : ""}`}
      aria-labelledby="active-order-title"
    >
      <div className="active-order__head">
        <Icon name={ready ? "bell" : "clock"} size={24} />
        <h2 id="active-order-title">
          {order.vendorName} · Order {orderNumber(order.id)}
        </h2>
      </div>
      {/* Each thing once: the status in its pill, the trailer in the title, no second wording of either. */}
      <p className="active-order__status" role="status" aria-live="polite">
        <StatusPill status={order.status} />
      </p>
      {estimate && !ready && (
        <p className="active-order__eta">
          Estimated time: <strong>{estimate}</strong>
        </p>
      )}
      {ready && (
        <p className="active-order__note">
          {order.vehicle ? "It's on its way to your car." : "Collect it at the counter."}
        </p>
      )}
      <div className="active-order__actions">
        <Link className="btn btn--primary" to={`/order/${order.id}`}>
          <span>Track order</span>
        </Link>
        {active.length > 1 && (
          <Link className="active-order__more" to="/orders">
            {active.length - 1} more in progress
          </Link>
        )}
      </div>
    </section>
  );
}

export default ActiveOrderCard;
