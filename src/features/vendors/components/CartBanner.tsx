import { useEffect } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { formatPence } from "@/lib/money";

export const CART_BANNER_MS = 3000;

export interface CartBannerState {
  /** Changes on every add so the 3-second timer restarts. */
  id: number;
  outcome: "added" | "error";
  itemName: string;
  reason?: string;
}

/**
 * The menu's way back to the basket, within thumb reach: 'View basket · N items · £x.xx', to this trailer's part of
 * the cart. It steps aside while the 3-second banner shows.
 */
export function BasketBar({
  href,
  itemCount,
  subtotalPence,
}: {
  href: string;
  itemCount: number;
  subtotalPence: number;
}) {
  if (itemCount <= 0) return null;
  return (
    <div className="cart-banner-slot">
      <Link to={href} className="basket-bar">
        <Icon name="cart" size={22} />
        <span>
          View basket · {itemCount} {itemCount === 1 ? "item" : "items"} ·{" "}
          {formatPence(subtotalPence)}
        </span>
      </Link>
    </div>
  );
}

/** The menu's bottom banner: '1 Item Added' + name + 'View Cart', or 'Error' + name; gone after 3 s. */
export function CartBanner({
  banner,
  onDone,
  onViewCart,
}: {
  banner: CartBannerState | null;
  onDone: () => void;
  onViewCart: () => void;
}) {
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(onDone, CART_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner, onDone]);

  return (
    <div className="cart-banner-slot" role="status" aria-live="polite">
      {banner && (
        <div key={banner.id} className={`cart-banner cart-banner--${banner.outcome}`}>
          <Icon
            name={banner.outcome === "added" ? "check" : "alert"}
            size={22}
            className="cart-banner__icon"
          />
          <div className="cart-banner__text">
            <strong>{banner.outcome === "added" ? "1 Item Added" : "Error"}</strong>
            <span>{banner.itemName}</span>
            {banner.reason && <small>{banner.reason}</small>}
          </div>
          {banner.outcome === "added" && (
            <button type="button" className="cart-banner__action" onClick={onViewCart}>
              View Cart
            </button>
          )}
        </div>
      )}
    </div>
  );
}
