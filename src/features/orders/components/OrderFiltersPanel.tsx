import { ORDER_TYPES } from "@contract/common";
import { STATUS_LABEL } from "@contract/order-status";
import { ORDER_STATUSES } from "@contract/orders";
import { Button } from "@/components/Button";
import { orderTypeLabel } from "@/lib/order-display";
import type { OrderFilters, SortDirection, SortField } from "../lib/order-filters";

const SORT_LABEL: Record<SortField, string> = { date: "Date", total: "Total", vendor: "Vendor" };
const DIRECTION_LABEL: Record<SortDirection, string> = { desc: "Descending", asc: "Ascending" };

interface Props {
  id: string;
  filters: OrderFilters;
  onChange(next: OrderFilters): void;
  onClearAll(): void;
}

/** Status, order type, sort and direction (docs/product-spec.md § Screens and routes), as native selects: big, accessible, familiar. */
export function OrderFiltersPanel({ id, filters, onChange, onClearAll }: Props) {
  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <section id={id} className="orders-filters card" aria-label="Filter and sort orders">
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => set("status", event.target.value)}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Order type</label>
        <select
          id={`${id}-type`}
          value={filters.orderType}
          onChange={(event) => set("orderType", event.target.value as OrderFilters["orderType"])}
        >
          <option value="">All types</option>
          {ORDER_TYPES.map((type) => (
            <option key={type} value={type}>
              {orderTypeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={filters.sortBy}
          onChange={(event) => set("sortBy", event.target.value as SortField)}
        >
          {Object.entries(SORT_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-direction`}>Direction</label>
        <select
          id={`${id}-direction`}
          value={filters.direction}
          onChange={(event) => set("direction", event.target.value as SortDirection)}
        >
          {Object.entries(DIRECTION_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button variant="ghost" className="orders-filters__clear" onClick={onClearAll}>
        Clear all
      </Button>
    </section>
  );
}
