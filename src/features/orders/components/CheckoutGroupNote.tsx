import { siblingsText } from "@contract/basket";
import type { Order } from "@contract/orders";
import { Link } from "react-router";
import { formatPence } from "@/lib/money";

/**
 * An order placed with other trailers' orders in one checkout says so, links to its siblings and
 * gives the checkout's grand total. Nothing for an ordinary one-trailer order.
 */
export function CheckoutGroupNote({ order, variant }: { order: Order; variant: "card" | "page" }) {
  const group = order.checkout;
  const text = group ? siblingsText(group, order.id) : null;
  if (!group || !text) return null;
  const siblings = group.orders.filter((sibling) => sibling.id !== order.id);
  return (
    <section
      className={`checkout-group checkout-group--${variant}`}
      aria-label={`Ordered together, ${text}`}
    >
      <p className="checkout-group__text">
        Ordered together {text} · <span>paid together: {formatPence(group.totalPence)}</span>
      </p>
      <ul className="checkout-group__links">
        {siblings.map((sibling) => (
          <li key={sibling.id}>
            <Link to={`/order/${sibling.id}`}>
              {sibling.vendorName} · Order #{sibling.id}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
