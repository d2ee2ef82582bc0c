import type { Cart } from "@contract/cart";
import { Icon } from "@/components/Icon";
import { formatPence } from "@/lib/money";
import { summaryRows } from "../lib/cart-summary";

/**
 * Subtotal, Service Charge, Delivery Fee and Total, exactly as the server priced them; with a note while changes
 * made offline wait to be sent (their prices are the menu's, and the server has the last word).
 */
export function CartSummary({
  cart,
  provisionalNote = null,
}: {
  cart: Cart;
  provisionalNote?: string | null;
}) {
  return (
    <section className="cart-summary card" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Summary
      </h2>
      <dl>
        {summaryRows(cart).map((row) => (
          <div
            key={row.label}
            className={row.label === "Total" ? "cart-summary__total" : undefined}
            data-row={row.label}
          >
            <dt>{row.label}</dt>
            <dd>{formatPence(row.pence)}</dd>
          </div>
        ))}
      </dl>
      {provisionalNote && (
        <p className="cart-summary__provisional">
          <Icon name="clock" size={16} />
          <span>{provisionalNote}</span>
        </p>
      )}
    </section>
  );
}
