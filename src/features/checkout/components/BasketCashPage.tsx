import type { CheckoutOrder, CheckoutResponse } from "@contract/basket";
import { orderEstimateText } from "@contract/estimated-time";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { atCounterOf, theName } from "@/lib/copy";
import { formatPence } from "@/lib/money";
import { useNow } from "@/lib/use-now";
import { orderQuery } from "../api/checkout-api";
import "../checkout.css";
import { CashHero } from "./CashHero";

/** One trailer's part of the checkout: what to pay where, its items and estimated time, and its own tracking link. */
function TrailerOrder({ order, atTill }: { order: CheckoutOrder; atTill: boolean }) {
  const placed = useQuery(orderQuery(order.id));
  const now = useNow(30_000);
  return (
    <li className="basket-cash__order">
      <h3 className="basket-cash__vendor">
        {order.vendorName} <span className="basket-cash__number">· Order #{order.id}</span>
      </h3>
      <p className="basket-cash__pay">
        {atTill ? "" : "Pay "}
        <strong>{formatPence(order.totalPence)}</strong>{" "}
        {atTill ? `for ${theName(order.vendorName)} order` : atCounterOf(order.vendorName)}
      </p>
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
    </li>
  );
}

/** /pay-cash-at-counter after a basket's cash checkout: what to pay at each trailer's counter (or the park till). */
export function BasketCashPage({ checkout }: { checkout: CheckoutResponse }) {
  const atTill = checkout.cashPaidAt === "park_till";
  const numbers = checkout.orders.map((order) => `#${order.id}`).join(", ");
  return (
    <div className="page cash-page">
      <PageHeader title="Pay cash at counter" backTo="/" />
      <CashHero
        eyebrow={`${checkout.orders.length} orders placed: ${numbers}`}
        title={
          atTill
            ? `Pay ${formatPence(checkout.totalPence)} at the park till`
            : `Pay ${formatPence(checkout.totalPence)} in all, at each trailer's counter`
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
            Total <strong>{formatPence(checkout.totalPence)}</strong>
          </p>
        </section>
        <div className="confirmation-actions">
          <section className="card whats-next" aria-labelledby="whats-next-title">
            <h2 id="whats-next-title">What's Next?</h2>
            <ol>
              <li>
                <strong>Go to the counter and pay.</strong>{" "}
                {atTill
                  ? `Show order numbers ${numbers} at the park till and pay in cash.`
                  : "Show each trailer its order number and pay it in cash."}
              </li>
              <li>
                <strong>Preparation starts after payment.</strong> Each kitchen starts cooking as
                soon as you've paid.
              </li>
              <li>
                <strong>Collect your order.</strong> We'll tell you which trailer is ready, one by
                one.
              </li>
            </ol>
          </section>
          <Link className="btn btn--secondary btn--block" to="/orders">
            <span>See all in My Orders</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
