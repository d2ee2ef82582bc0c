import type { Vendor } from "@contract/vendors";
import { memo, type SyntheticEvent } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { Skeleton } from "@/components/Skeleton";
import { TradingBadge } from "@/components/TradingStatus";
import { brand } from "@/lib/brand";
import { tradingLine } from "@/lib/trading-line";
import { preparationMinutes, vendorDescription } from "../lib/vendor-list";

/**
 * A picture that cannot load (offline and never seen, so not in the worker's cache) is hidden, not drawn broken: the
 * hero leaves its plain panel (the space is kept), the logo leaves nothing.
 */
const hideMissingPicture = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.visibility = "hidden";
};

/**
 * Image, logo, name, status, description and preparation time; the whole card opens the menu. Memoised: the list
 * re-renders on every refetch of the trailers (a socket reconnecting, the window regaining focus) and the query keeps
 * an unchanged trailer's object, so only the cards whose trailer changed render again.
 */
export const VendorCard = memo(function VendorCard({
  vendor,
  eager = false,
}: {
  vendor: Vendor;
  eager?: boolean;
}) {
  const line = tradingLine(vendor);
  return (
    <article className="vendor-card">
      <div className="vendor-card__media">
        <img
          src={vendor.image}
          alt=""
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          onError={hideMissingPicture}
          className="vendor-card__image"
        />
        <img
          src={vendor.logo}
          alt=""
          width={56}
          height={56}
          loading={eager ? "eager" : "lazy"}
          onError={hideMissingPicture}
          className="vendor-card__logo"
        />
      </div>
      <div className="vendor-card__body">
        <div className="vendor-card__title-row">
          <h2 className="vendor-card__name">
            <Link to={`/vendor/${vendor.id}`} className="vendor-card__link">
              {vendor.name}
            </Link>
          </h2>
          <TradingBadge status={vendor.status} />
        </div>
        {line && (
          <p className="vendor-card__busy" data-testid="trading-line">
            {line}
          </p>
        )}
        <p className="vendor-card__description">{vendorDescription(vendor)}</p>
        <p className="vendor-card__meta">
          <span>
            <Icon name="clock" size={16} />
            Preparation time {preparationMinutes(vendor)} mins
          </span>
          {brand.features.reviews && vendor.rating > 0 && (
            <span>
              <Icon name="star" size={16} />
              <span className="visually-hidden">Rated </span>
              {vendor.rating.toFixed(1)}
            </span>
          )}
        </p>
      </div>
    </article>
  );
});

export function VendorCardSkeleton() {
  return (
    <div className="vendor-card vendor-card--skeleton" aria-hidden="true">
      <Skeleton height="auto" radius={0} style={{ aspectRatio: "16 / 9" }} />
      <div className="vendor-card__body">
        <Skeleton width="55%" height={22} />
        <Skeleton width="95%" height={14} style={{ marginTop: 10 }} />
        <Skeleton width="70%" height={14} style={{ marginTop: 6 }} />
        <Skeleton width="40%" height={14} style={{ marginTop: 12 }} />
      </div>
    </div>
  );
}
