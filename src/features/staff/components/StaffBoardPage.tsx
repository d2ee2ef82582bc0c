import type { Order, OrderStatus } from "@contract/orders";
import type { StaffOrderChanged } from "@contract/realtime";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { Icon } from "@/components/Icon";
import { Skeleton } from "@/components/Skeleton";
import { Spinner } from "@/components/Spinner";
import { ApiError } from "@/lib/api-client";
import { toasts } from "@/lib/toast-store";
import { useNow } from "@/lib/use-now";
import {
  changeOrderStatus,
  staffKeys,
  staffOrdersQuery,
  staffVendorsQuery,
} from "../api/staff-api";
import { type BoardFilter, filterBoard, groupByVendor, vendorsOf } from "../lib/board";
import { StaffOrderCard } from "./StaffOrderCard";
import "../staff.css";

const VENDOR_KEY = "staffBoardVendor";

/** An outage (the server or its database away): the board keeps what it had and says so until it catches up. */
export const STAFF_BOARD_STALE = "These orders may be out of date: retrying every few seconds.";

export interface StaffBoardPageProps {
  /** Live changes from the staff room (composed in src/app); without it the board refreshes every 30 s. */
  subscribeToChanges?: (listener: (change: StaffOrderChanged) => void) => () => void;
}

/** Unreachable, or still "briefly unavailable" after the client's retry: the stale line says all there is to say. */
function isOutage(error: Error): boolean {
  return error instanceof ApiError && (error.network || error.status >= 500);
}

function storedVendor(): number | null {
  const raw = Number(localStorage.getItem(VENDOR_KEY));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

export function StaffBoardPage({ subscribeToChanges }: StaffBoardPageProps) {
  const queryClient = useQueryClient();
  const orders = useQuery(staffOrdersQuery());
  const knownVendors = useQuery(staffVendorsQuery());
  const [filter, setFilter] = useState<BoardFilter>(() => ({
    vendorId: storedVendor(),
    showFinished: false,
  }));
  const [busy, setBusy] = useState<Record<number, OrderStatus>>({});
  const now = useNow(30_000);
  const selectId = useId();

  useEffect(() => {
    if (!subscribeToChanges) return;
    return subscribeToChanges(
      () => void queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    );
  }, [subscribeToChanges, queryClient]);

  const mutation = useMutation({
    mutationFn: ({ order, status }: { order: Order; status: OrderStatus }) =>
      changeOrderStatus(order.id, status),
    onMutate: ({ order, status }) => setBusy((current) => ({ ...current, [order.id]: status })),
    onSuccess: (updated) =>
      queryClient.setQueryData<Order[]>(staffKeys.list(), (list) =>
        list?.map((order) => (order.id === updated.id ? updated : order)),
      ),
    onError: (error) => {
      toasts.push({ kind: "error", message: error.message });
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onSettled: (_data, _error, { order }) =>
      setBusy((current) => {
        const { [order.id]: _done, ...rest } = current;
        return rest;
      }),
  });

  const all = orders.data ?? [];
  const vendors = useMemo(() => vendorsOf(all, knownVendors.data), [all, knownVendors.data]);
  const shown = filterBoard(all, filter);
  const columns = groupByVendor(shown);
  const finishedCount =
    filterBoard(all, { ...filter, showFinished: true }).length - filterBoard(all, filter).length;

  const chooseVendor = (value: string) => {
    const vendorId = value ? Number(value) : null;
    if (vendorId) localStorage.setItem(VENDOR_KEY, String(vendorId));
    else localStorage.removeItem(VENDOR_KEY);
    setFilter((current) => ({ ...current, vendorId }));
  };

  return (
    <div className="staff-board">
      <header className="staff-board__bar">
        <div className="staff-board__title">
          <h1>Orders today</h1>
          <p className="staff-board__count" aria-live="polite">
            {orders.isPending
              ? "Loading…"
              : `${filterBoard(all, { ...filter, showFinished: false }).length} to handle`}
            {orders.isFetching && !orders.isPending && <Spinner size={16} />}
          </p>
        </div>
        <div className="staff-board__controls">
          <div className="field">
            <label htmlFor={selectId}>Trailer</label>
            <select
              id={selectId}
              value={filter.vendorId ?? ""}
              onChange={(event) => chooseVendor(event.target.value)}
            >
              <option value="">All trailers</option>
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </option>
              ))}
              {filter.vendorId !== null &&
                !vendors.some((vendor) => vendor.id === filter.vendorId) && (
                  <option value={filter.vendorId}>Trailer {filter.vendorId} (no orders yet)</option>
                )}
            </select>
          </div>
          <label className="checkbox staff-board__finished">
            <input
              type="checkbox"
              checked={filter.showFinished}
              onChange={(event) =>
                setFilter((current) => ({ ...current, showFinished: event.target.checked }))
              }
            />
            <span>Show finished{finishedCount > 0 ? ` (${finishedCount})` : ""}</span>
          </label>
        </div>
      </header>

      {orders.isError && !orders.data && (
        <div className="error-box" role="alert">
          {orders.error.message}
        </div>
      )}
      {orders.isError && orders.data && (
        <div className="error-box" role="status">
          {STAFF_BOARD_STALE}
          {!isOutage(orders.error) && ` ${orders.error.message}`}
        </div>
      )}

      {orders.isPending ? (
        <div className="staff-board__columns" aria-hidden="true">
          <Skeleton height={260} radius={14} />
          <Skeleton height={260} radius={14} />
        </div>
      ) : columns.length === 0 ? (
        <div className="empty-state">
          <Icon name="check" size={48} />
          <h2>No orders waiting</h2>
          <p>New orders appear here the moment they are placed.</p>
        </div>
      ) : (
        <div className="staff-board__columns">
          {columns.map((column) => (
            <section
              key={column.vendorId}
              className="staff-column"
              aria-labelledby={`vendor-${column.vendorId}`}
            >
              <h2 id={`vendor-${column.vendorId}`} className="staff-column__title">
                {column.vendorName}{" "}
                <span className="staff-column__count">{column.orders.length}</span>
              </h2>
              <div className="staff-column__cards">
                {column.orders.map((order) => (
                  <StaffOrderCard
                    key={order.id}
                    order={order}
                    now={now}
                    busyStatus={busy[order.id] ?? null}
                    onChangeStatus={(target, status) => mutation.mutate({ order: target, status })}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export default StaffBoardPage;
