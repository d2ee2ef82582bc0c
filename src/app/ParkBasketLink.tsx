import { Link, useLocation } from "react-router";
import { useBasket } from "@/features/cart/hooks/use-basket";
import { Icon } from "../components/Icon";
import { formatPence } from "../lib/money";

/** The screens of the bottom navigation: each shows the basket control (a menu has its own basket bar). */
export const BASKET_CONTROL_PATHS = ["/", "/vendors", "/orders", "/profile"] as const;

/** '3 items' / '1 item'. */
export const itemsLabel = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/**
 * The whole park basket within one tap from Home, Trailers, Orders and Profile: item count and total of every
 * trailer's cart, to /cart. Not a fifth tab (the spec's bottom navigation keeps its four): on phones a pill above
 * the navigation, on large screens (no bottom navigation) at the end of the top bar. Hidden while the basket is
 * empty.
 */
export default function ParkBasketLink({ placement }: { placement: "top" | "bottom" }) {
  const { pathname } = useLocation();
  const shown = (BASKET_CONTROL_PATHS as readonly string[]).includes(pathname);
  return shown ? <BasketControl placement={placement} /> : null;
}

function BasketControl({ placement }: { placement: "top" | "bottom" }) {
  const { data: basket } = useBasket();
  if (!basket) return null;
  const itemCount = basket.sections.reduce(
    (sum, section) => sum + section.items.reduce((lines, line) => lines + line.quantity, 0),
    0,
  );
  if (itemCount === 0) return null;
  const link = (
    <Link
      to="/cart"
      className={`park-basket park-basket--${placement}`}
      data-testid={`park-basket-${placement}`}
    >
      <Icon name="cart" size={20} />
      <span>
        Basket · {itemsLabel(itemCount)} · {formatPence(basket.totals.totalPence)}
      </span>
    </Link>
  );
  // In the top bar it sits in the header's landmark; above the bottom navigation it needs its own.
  return placement === "top" ? (
    link
  ) : (
    <section aria-label="Basket" className="park-basket-region">
      {link}
    </section>
  );
}
