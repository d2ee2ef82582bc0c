import { UPDATED_LABEL_REFRESH_MS } from "@contract/limits";
import type { Order } from "@contract/orders";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { Spinner } from "@/components/Spinner";
import { ordersListQuery } from "@/lib/order-queries";
import { useNow } from "@/lib/use-now";
import {
  applyOrderFilters,
  DEFAULT_FILTERS,
  hasActiveFilters,
  type OrderFilters,
} from "../lib/order-filters";
import { updatedLabel } from "../lib/updated-label";
import { OrderCard } from "./OrderCard";
import { OrderFiltersPanel } from "./OrderFiltersPanel";
import "../orders.css";

function OrdersSkeleton() {
  return (
    <div className="orders-grid" aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <div key={key} className="order-card card">
          <Skeleton width="60%" height={20} />
          <Skeleton width="40%" height={14} />
          <Skeleton height={14} />
          <Skeleton width="30%" height={22} />
        </div>
      ))}
    </div>
  );
}

export interface OrdersPageProps {
  /** Puts an order's items (every trailer of its checkout) back into the cart and opens it (composed in src/app). */
  orderAgain?: (order: Order) => Promise<void>;
}

export default function OrdersPage({ orderAgain }: OrdersPageProps = {}) {
  const orders = useQuery(ordersListQuery());
  const [filters, setFilters] = useState<OrderFilters>(DEFAULT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const now = useNow(UPDATED_LABEL_REFRESH_MS);
  const panelId = useId();

  // The product spec (docs/product-spec.md § States and transitions): an initial-load failure empties the list; a background failure keeps what was shown.
  const list = orders.data ?? [];
  const visible = useMemo(() => applyOrderFilters(list, filters), [list, filters]);
  const activeCount = [filters.status, filters.orderType].filter(Boolean).length;

  const refresh = async () => {
    setRefreshing(true);
    await orders.refetch();
    setRefreshing(false);
  };
  const clearFilters = () => setFilters(DEFAULT_FILTERS);

  return (
    <div className="page orders-page">
      <PageHeader
        title="My Orders"
        backTo="/"
        actions={
          <button
            type="button"
            className="icon-btn"
            onClick={refresh}
            disabled={refreshing}
            aria-label={refreshing ? "Refreshing orders" : "Refresh orders"}
          >
            {refreshing ? <Spinner size={20} /> : <Icon name="refresh" />}
          </button>
        }
      />

      <div className="orders-toolbar">
        <div className="orders-toolbar__row">
          <p className="orders-updated" aria-live="polite">
            {orders.dataUpdatedAt > 0
              ? `Updated ${updatedLabel(orders.dataUpdatedAt, Math.max(now, orders.dataUpdatedAt))}`
              : "\u00a0"}
          </p>
          <button
            type="button"
            className={`orders-filter-toggle${filtersOpen ? " is-open" : ""}`}
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <Icon name="filter" size={20} />
            <span>Filters</span>
            {activeCount > 0 && (
              <span className="orders-filter-toggle__count">
                {activeCount}
                <span className="visually-hidden"> active</span>
              </span>
            )}
          </button>
        </div>
        <div className="orders-search">
          <label htmlFor={`${panelId}-search`} className="visually-hidden">
            Search orders
          </label>
          <Icon name="search" size={20} className="orders-search__icon" />
          <input
            id={`${panelId}-search`}
            className="input"
            type="search"
            placeholder="Search orders, vendors, items..."
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
      </div>

      {filtersOpen && (
        <OrderFiltersPanel
          id={panelId}
          filters={filters}
          onChange={setFilters}
          onClearAll={clearFilters}
        />
      )}

      {orders.isError && (
        <div className="error-box orders-error" role="alert">
          <span>{orders.error.message}</span>
          <button type="button" className="btn btn--secondary btn--small" onClick={refresh}>
            <span>Try again</span>
          </button>
        </div>
      )}

      {orders.isPending ? (
        <OrdersSkeleton />
      ) : list.length === 0 ? (
        !orders.isError && (
          <div className="empty-state">
            <Icon name="receipt" size={48} />
            <h2>No orders yet</h2>
            <Link to="/vendors" className="btn btn--primary">
              <span>Start Ordering</span>
            </Link>
          </div>
        )
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <Icon name="search" size={48} />
          <h2>No orders match your filters</h2>
          <button type="button" className="btn btn--secondary" onClick={clearFilters}>
            <span>Clear Filters</span>
          </button>
        </div>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            {hasActiveFilters(filters)
              ? `${visible.length} of ${list.length} orders shown`
              : `${list.length} orders`}
          </p>
          <div className="orders-grid">
            {visible.map((order) => (
              <OrderCard key={order.id} order={order} now={now} orderAgain={orderAgain} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
