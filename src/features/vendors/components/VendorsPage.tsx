import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Chip } from "@/components/Chip";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { vendorListQuery } from "../api/vendors-api";
import { useLightQuery } from "../hooks/use-light-query";
import { filtersFromParams, filtersToParams } from "../lib/filters-in-url";
import {
  activeFilterCount,
  applyVendorFilters,
  hasAnyRefinement,
  NO_FILTERS,
  resultLine,
  sortLabel,
  type VendorFilters,
} from "../lib/vendor-list";
import "../vendors.css";
import { brand } from "@/lib/brand";
import { VendorCard, VendorCardSkeleton } from "./VendorCard";

/** The brand's vendorGrid flag: cards side by side on wider screens, or one column. */
const VENDOR_GRID_CLASS = brand.features.vendorGrid
  ? "vendor-grid"
  : "vendor-grid vendor-grid--list";

// The sheets are not needed to render the list: they load on first use (and are prefetched when the browser is idle
// once the list is shown).
const loadSheets = () => import("./VendorFilterSheets");
const FilterSheet = lazy(() => loadSheets().then((module) => ({ default: module.FilterSheet })));
const SortSheet = lazy(() => loadSheets().then((module) => ({ default: module.SortSheet })));

const SKELETON_CARDS = 6;

/**
 * The search box owns its text while it is open (it starts from the address): the address follows each keystroke as a
 * React Router transition, and an input bound to it would lose keystrokes typed before that transition commits.
 */
function SearchTitle({
  value: inAddress,
  onChange,
  onClose,
}: {
  value: string;
  onChange: (text: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(inAddress);
  return (
    <>
      <h1 className="visually-hidden">Food Trailers</h1>
      <label htmlFor="vendor-search" className="visually-hidden">
        Search vendors
      </label>
      <input
        id="vendor-search"
        type="search"
        className="header-search"
        placeholder="Search vendors..."
        value={value}
        autoComplete="off"
        enterKeyHint="search"
        // biome-ignore lint/a11y/noAutofocus: the customer just asked to search
        autoFocus
        onChange={(event) => {
          setValue(event.target.value);
          onChange(event.target.value);
        }}
        onBlur={onClose}
        onKeyDown={(event) => {
          if (event.key === "Escape" || event.key === "Enter") event.currentTarget.blur();
        }}
      />
    </>
  );
}

/** /vendors: the Food Trailers list (docs/product-spec.md § Screens and routes). */
export default function VendorsPage() {
  const [params, setParams] = useSearchParams();
  // One filters object per address: a re-render with the same address keeps the filtered list (and its memoised cards).
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [searchOpen, setSearchOpen] = useState(false);
  const [sheet, setSheet] = useState<"filter" | "sort" | null>(null);
  const [pages, setPages] = useState(1);
  const list = useLightQuery(vendorListQuery(pages));
  const setFilters = (next: VendorFilters) => setParams(filtersToParams(next), { replace: true });
  // The list arrives through an external store, which React renders in one uninterrupted task. Deferred, the
  // cards render as a transition in slices of a few milliseconds: a slow phone stays responsive (Total
  // Blocking Time) while they are drawn, and the skeleton holds their place until they are.
  const listData = useDeferredValue(list.data);
  const listPending = listData === undefined && !list.isError;
  // The sheets are prefetched once the list is on screen, not while it loads: park Wi-Fi carries the trailers first.
  useEffect(() => {
    if (listPending) return;
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(() => void loadSheets());
  }, [listPending]);
  const vendors = useMemo(() => listData?.vendors ?? [], [listData]);
  const shown = useMemo(() => applyVendorFilters(vendors, filters), [vendors, filters]);

  return (
    <div className="page vendors-page">
      <PageHeader
        backTo="/"
        title={
          searchOpen ? (
            <SearchTitle
              value={filters.search}
              onChange={(search) => setFilters({ ...filters, search })}
              onClose={() => setSearchOpen(false)}
            />
          ) : (
            "Food Trailers"
          )
        }
        actions={
          !searchOpen && (
            <button
              type="button"
              className="icon-btn"
              aria-label="Search vendors"
              onClick={() => setSearchOpen(true)}
            >
              <Icon name="search" />
            </button>
          )
        }
      />

      <div className="chip-row" role="toolbar" aria-label="Refine trailers">
        <Chip
          icon={<Icon name="filter" size={16} />}
          count={activeFilterCount(filters)}
          active={filters.openOnly || filters.underTen}
          aria-haspopup="dialog"
          onClick={() => setSheet("filter")}
        >
          Filter
        </Chip>
        <Chip
          icon={<Icon name="sort" size={16} />}
          active={filters.sort !== null}
          aria-haspopup="dialog"
          onClick={() => setSheet("sort")}
        >
          {filters.sort ? `Sort by: ${sortLabel(filters.sort)}` : "Sort by"}
        </Chip>
        <Chip
          pressed={filters.underTen}
          onClick={() => setFilters({ ...filters, underTen: !filters.underTen })}
        >
          Under £10
        </Chip>
      </div>

      {listPending ? (
        <>
          <div className="result-line-row">
            <p className="result-line" role="status">
              Loading trailers…
            </p>
          </div>
          <div className={VENDOR_GRID_CLASS}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <VendorCardSkeleton key={index} />
            ))}
          </div>
        </>
      ) : list.isError ? (
        <div className="error-box vendors-error" role="alert">
          <p>{list.error?.message}</p>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => list.refetch()}
          >
            <span>Try again</span>
          </button>
        </div>
      ) : (
        <>
          <div className="result-line-row">
            <p className="result-line" role="status">
              {resultLine(shown.length, filters)}
            </p>
            {hasAnyRefinement(filters) && (
              <button type="button" className="link-btn" onClick={() => setFilters(NO_FILTERS)}>
                Clear all
              </button>
            )}
          </div>
          {shown.length === 0 ? (
            <div className="empty-state">
              <Icon name="store" size={40} />
              <p>No trailers match. Try another search or clear the filters.</p>
            </div>
          ) : (
            <div className={VENDOR_GRID_CLASS}>
              {shown.map((vendor, index) => (
                <VendorCard key={vendor.id} vendor={vendor} eager={index < 2} />
              ))}
            </div>
          )}
          {list.data?.hasMore && (
            <button
              type="button"
              className="btn btn--secondary btn--block load-more"
              disabled={list.isPlaceholderData}
              onClick={() => setPages(pages + 1)}
            >
              <span>{list.isPlaceholderData ? "Loading..." : "Show more trailers"}</span>
            </button>
          )}
        </>
      )}

      {sheet && (
        <Suspense fallback={null}>
          {sheet === "filter" ? (
            <FilterSheet
              open
              filters={filters}
              onChange={setFilters}
              onClose={() => setSheet(null)}
              resultCount={shown.length}
            />
          ) : (
            <SortSheet
              open
              filters={filters}
              onChange={setFilters}
              onClose={() => setSheet(null)}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}
