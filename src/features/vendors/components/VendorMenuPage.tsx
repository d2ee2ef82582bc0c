import type { AllergenId } from "@contract/allergens";
import { MESSAGES } from "@contract/messages";
import { isVendorOpen } from "@contract/vendor-rules";
import type { MenuItem, Vendor } from "@contract/vendors";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { TradingStatus } from "@/components/TradingStatus";
import { useOnline } from "@/lib/network";
import { tradingLine } from "@/lib/trading-line";
import { vendorMenuQuery, vendorQuery } from "../api/vendors-api";
import { readHiddenAllergens, writeHiddenAllergens } from "../lib/allergen-preference";
import { ALL_CATEGORIES, countHiddenByAllergens, filterMenu } from "../lib/menu-filter";
import { preparationMinutes, vendorDescription } from "../lib/vendor-list";
import "../vendors.css";
import { brand } from "@/lib/brand";
import { AllergenFilterSheet } from "./AllergenFilterSheet";
import { BasketBar, CartBanner, type CartBannerState } from "./CartBanner";
import { MenuFiltersBar } from "./MenuFiltersBar";
import { MenuSectionList } from "./MenuSectionList";
import type { MenuCartControls } from "./menu-cart-controls";

function CartButton({ count, href }: { count: number; href: string }) {
  return (
    <Link
      to={href}
      className="icon-btn cart-btn"
      aria-label={count === 0 ? "Cart, empty" : `Cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <Icon name="cart" />
      {count > 0 && (
        <span className="cart-btn__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}

function VendorHero({ vendor }: { vendor: Vendor }) {
  return (
    <section className="vendor-hero" aria-label="About this trailer">
      <div className="vendor-hero__media">
        <img
          src={vendor.image}
          alt=""
          width={1080}
          height={480}
          className="vendor-hero__image"
          fetchPriority="high"
        />
        <img
          src={vendor.logo}
          alt={`${vendor.name} logo`}
          width={72}
          height={72}
          className="vendor-hero__logo"
        />
      </div>
      <div className="vendor-hero__body">
        <div className="vendor-hero__meta">
          <TradingStatus trailer={vendor} />
          <span>
            <Icon name="clock" size={16} /> Preparation time {preparationMinutes(vendor)} mins
          </span>
          {brand.features.reviews && vendor.rating > 0 && (
            <span>
              <Icon name="star" size={16} /> <span className="visually-hidden">Rated </span>
              {vendor.rating.toFixed(1)}
            </span>
          )}
        </div>
        <p className="vendor-hero__description">{vendorDescription(vendor)}</p>
        {vendor.status === "busy" ? (
          <p className="notice notice--closed">
            <Icon name="info" size={18} />
            <span>
              {tradingLine(vendor)}. This trailer is not taking orders for a moment; you can look
              through the menu meanwhile.
            </span>
          </p>
        ) : (
          !isVendorOpen(vendor.status) && (
            <p className="notice notice--closed">
              <Icon name="info" size={18} />
              <span>
                This trailer is closed right now.{" "}
                {vendor.opensAt ? `It ${tradingLine(vendor)!.toLowerCase()}. ` : ""}You can look
                through the menu, but ordering opens when they do.
              </span>
            </p>
          )
        )}
      </div>
    </section>
  );
}

function HeroSkeleton() {
  return (
    <section className="vendor-hero" aria-busy="true">
      <Skeleton height="auto" radius={0} style={{ aspectRatio: "9 / 4" }} />
      <div className="vendor-hero__body">
        <p className="loading-text">Loading vendor info...</p>
        <Skeleton width="80%" height={14} />
      </div>
    </section>
  );
}

export const MENU_NOT_SAVED = {
  title: "This menu isn't saved on your phone yet",
  body: "It can't open without a connection. It will load as soon as you're back online.",
} as const;

/** Offline and nothing saved: said plainly, instead of a skeleton that never ends. */
function MenuNotSaved() {
  return (
    <div className="empty-state menu-not-saved" role="status">
      <Icon name="wifiOff" size={32} />
      <h2>{MENU_NOT_SAVED.title}</h2>
      <p>{MENU_NOT_SAVED.body}</p>
    </div>
  );
}

function MenuSkeleton() {
  return (
    <div className="menu-skeleton">
      <p className="loading-text" role="status">
        Loading menu...
      </p>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="menu-item menu-item--skeleton" aria-hidden="true">
          <Skeleton width={96} height={96} radius={12} />
          <div>
            <Skeleton width="60%" height={18} />
            <Skeleton width="90%" height={14} style={{ marginTop: 8 }} />
            <Skeleton width="40%" height={14} style={{ marginTop: 8 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /vendor/{id}: the vendor menu (docs/product-spec.md § Screens and routes). The cart comes in through `cart`, wired in src/app. */
export function VendorMenuPage({ vendorId, cart }: { vendorId: number; cart: MenuCartControls }) {
  const navigate = useNavigate();
  const validId = Number.isInteger(vendorId) && vendorId > 0;
  const vendor = useQuery({ ...vendorQuery(vendorId), enabled: validId });
  const menu = useQuery({ ...vendorMenuQuery(vendorId), enabled: validId });
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [hiddenAllergens, setHiddenAllergens] = useState<AllergenId[]>(readHiddenAllergens);
  const [allergenSheet, setAllergenSheet] = useState(false);
  const [banner, setBanner] = useState<CartBannerState | null>(null);
  const bannerId = useRef(0);

  const sections = menu.data?.items ?? [];
  const categories = useMemo(() => sections.map((section) => section.category), [sections]);
  const shown = useMemo(
    () => filterMenu(sections, { search, category, hiddenAllergens }),
    [sections, search, category, hiddenAllergens],
  );
  const hiddenCount = countHiddenByAllergens(sections, hiddenAllergens);
  const ordering = vendor.data ? isVendorOpen(vendor.data.status) : true;

  const changeAllergens = (next: AllergenId[]) => {
    setHiddenAllergens(next);
    writeHiddenAllergens(next);
  };

  const addFromList = (item: MenuItem) => {
    const show = (outcome: CartBannerState["outcome"], reason?: string) => {
      bannerId.current += 1;
      setBanner({ id: bannerId.current, outcome, itemName: item.name, reason });
    };
    cart.add(item).then(
      (note) => show("added", note),
      (error: Error) => show("error", error.message || MESSAGES.addToCartFailed),
    );
  };
  const clearBanner = useCallback(() => setBanner(null), []);

  const vendorFailed = vendor.isError || !validId;
  // A query waiting for the network (the worker had no saved copy) does not pretend to be loading.
  const online = useOnline();
  const waitingForNetwork = (query: { isPending: boolean; fetchStatus: string }) =>
    query.isPending &&
    (query.fetchStatus === "paused" || (!online && query.fetchStatus === "idle"));
  const notSaved = validId && (waitingForNetwork(menu) || waitingForNetwork(vendor));
  const title = vendor.data?.name ?? (vendorFailed ? "Vendor" : "");

  return (
    <div className={`page menu-page${cart.basket.itemCount > 0 ? " menu-page--basket" : ""}`}>
      <PageHeader
        backTo="/vendors"
        title={title || <Skeleton width={160} height={22} />}
        actions={<CartButton count={cart.lineCount} href={cart.cartHref} />}
      />

      {vendorFailed ? (
        <p className="error-box" role="alert">
          {MESSAGES.vendorLoadFailed}
        </p>
      ) : notSaved && vendor.isPending ? null : vendor.isPending ? (
        <HeroSkeleton />
      ) : (
        <VendorHero vendor={vendor.data} />
      )}

      {!vendorFailed && (
        <>
          <MenuFiltersBar
            search={search}
            onSearch={setSearch}
            categories={categories}
            category={category}
            onCategory={setCategory}
            hiddenAllergens={hiddenAllergens}
            onOpenAllergens={() => setAllergenSheet(true)}
          />
          {hiddenCount > 0 && (
            <p className="notice">
              {hiddenCount} {hiddenCount === 1 ? "item is" : "items are"} hidden by your allergen
              filter.{" "}
              <button type="button" className="link-btn" onClick={() => setAllergenSheet(true)}>
                Change
              </button>
            </p>
          )}
          {notSaved && menu.isPending ? (
            <MenuNotSaved />
          ) : menu.isPending ? (
            <MenuSkeleton />
          ) : menu.isError ? (
            <div className="error-box" role="alert">
              <p>{MESSAGES.menuLoadFailed}</p>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => menu.refetch()}
              >
                <span>Try again</span>
              </button>
            </div>
          ) : sections.length === 0 ? (
            <p className="empty-state">No items available.</p>
          ) : shown.length === 0 ? (
            <div className="empty-state">
              <p>No items match your search.</p>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  setSearch("");
                  setCategory(ALL_CATEGORIES);
                }}
              >
                <span>Show the whole menu</span>
              </button>
            </div>
          ) : (
            <MenuSectionList
              sections={shown}
              vendorId={vendorId}
              cart={cart}
              ordering={ordering}
              onAdd={addFromList}
            />
          )}
        </>
      )}

      <AllergenFilterSheet
        open={allergenSheet}
        hidden={hiddenAllergens}
        onChange={changeAllergens}
        onClose={() => setAllergenSheet(false)}
      />
      <CartBanner banner={banner} onDone={clearBanner} onViewCart={() => navigate(cart.cartHref)} />
      {!banner && (
        <BasketBar
          href={cart.cartHref}
          vendorName={vendor.data?.name}
          itemCount={cart.basket.itemCount}
          subtotalPence={cart.basket.subtotalPence}
          parkItemCount={cart.parkItemCount}
        />
      )}
    </div>
  );
}
