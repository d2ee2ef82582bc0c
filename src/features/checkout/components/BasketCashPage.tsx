import type { CheckoutResponse } from "@contract/basket";
import { Link } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { formatPence } from "@/lib/money";
import "../checkout.css";
import { CashHero } from "./CashHero";

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
              <li key={order.id}>
                <span>
                  {atTill ? "" : "Pay "}
                  <strong>{formatPence(order.totalPence)}</strong> at the{" "}
                  <strong>{order.vendorName}</strong> {atTill ? "trailer's order" : "counter"} ·
                  Order #{order.id}
                </span>
                <Link to={`/order/${order.id}`}>
                  Track your order<span className="visually-hidden"> from {order.vendorName}</span>
                </Link>
              </li>
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
          <Link className="btn btn--primary btn--block" to="/orders">
            <span>Track your order</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
