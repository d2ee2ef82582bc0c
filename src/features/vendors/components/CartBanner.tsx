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

const items = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/**
 * What the menu's basket bar says: 'View basket · N items · £x.xx' while this trailer's cart is the whole basket;
 * once other trailers' carts hold items too, the figures say whose they are: 'Smash Stack: 1 item · £14.80 —
 * basket 3 items'.
 */
export function basketBarText(
  vendorName: string | undefined,
  itemCount: number,
  subtotalPence: number,
  parkItemCount: number,
): string {
  const own = `${items(itemCount)} · ${formatPence(subtotalPence)}`;
  if (parkItemCount <= itemCount) return `View basket · ${own}`;
  return `${vendorName ?? "This trailer"}: ${own} — basket ${items(parkItemCount)}`;
}

/**
 * The menu's way back to the basket, within thumb reach, to this trailer's part of the cart. It steps aside while
 * the 3-second banner shows.
 */
export function BasketBar({
  href,
  vendorName,
  itemCount,
  subtotalPence,
  parkItemCount,
}: {
  href: string;
  vendorName: string | undefined;
  itemCount: number;
  subtotalPence: number;
  parkItemCount: number;
}) {
  if (itemCount <= 0) return null;
  return (
    <div className="cart-banner-slot">
      <Link to={href} className="basket-bar">
        <Icon name="cart" size={22} />
        <span>{basketBarText(vendorName, itemCount, subtotalPence, parkItemCount)}</span>
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
        <div
          key={banner.id}
          className={`cart-banner cart-banner--${banner.outcome}`}
          // An error drawn in this polite region is still reported and forwarded (app/shown-errors.ts).
          data-shown-error={banner.outcome === "error" ? "" : undefined}
        >
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
