import type { Cart } from "../../../../contract/cart";
import { formatPence } from "../../../lib/money";
import { summaryRows } from "../lib/cart-summary";

/** Subtotal, Service Charge, Delivery Fee and Total, exactly as the server priced them. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <section className="cart-summary card" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Summary
      </h2>
      <dl>
        {summaryRows(cart).map((row) => (
          <div key={row.label} className={row.label === "Total" ? "cart-summary__total" : undefined} data-row={row.label}>
            <dt>{row.label}</dt>
            <dd>{formatPence(row.pence)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
