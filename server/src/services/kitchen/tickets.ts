/** A stored order as the kitchen screen's ticket (contract/kitchen.ts). */
import {
  type CustomerNotice,
  defaultLateThresholds,
  type KitchenLine,
  type KitchenTicket,
  type KitchenTrailer,
  UNDO_WINDOW_MS,
} from "@contract/kitchen";
import type { OrderStatus } from "@contract/orders";
import type {
  KitchenTrailerRow,
  LastMoveRow,
  NoticeRow,
  SiblingRow,
} from "@server/db/repositories/kitchen.js";
import type { OrderItemRow, OrderRecord } from "@server/db/repositories/orders.js";
import { storedAddons, toOrder } from "@server/services/orders/queries.js";

const iso = (value: Date | string) => new Date(value).toISOString();

/** "Priya Shah" → "Priya"; an empty name stays empty. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? "";

/** Statuses the customer was told about by a move (the ticket shows whether they saw it). */
const NOTIFIED_STATUSES: readonly OrderStatus[] = ["preparing", "ready"];

function toLine(row: OrderItemRow): KitchenLine {
  return {
    id: row.id,
    name: row.name,
    quantity: row.quantity,
    addons: storedAddons(row.addons).map((addon) => ({
      name: addon.name,
      groupName: addon.group_name,
      quantity: addon.quantity,
    })),
    note: row.special_instructions?.trim() || null,
    made: row.made_at !== null && row.made_at !== undefined,
  };
}

function noticeOf(status: OrderStatus, notices: readonly NoticeRow[]): CustomerNotice | null {
  if (!NOTIFIED_STATUSES.includes(status)) return null;
  const shown = notices.find((notice) => notice.status === status);
  return shown
    ? { status, state: "notified", via: shown.via, at: iso(shown.shown_at) }
    : { status, state: "not_seen", via: null, at: null };
}

/** The last step, while it can be undone: a forward step (not a cancel) made less than UNDO_WINDOW_MS ago. */
function undoOf(status: OrderStatus, last: LastMoveRow | undefined, now: number) {
  if (last?.kind !== "step" || last.status !== status || !last.from_status) return null;
  if (status === "cancelled" || last.age_ms > UNDO_WINDOW_MS) return null;
  return {
    toStatus: last.from_status,
    until: new Date(now + UNDO_WINDOW_MS - last.age_ms).toISOString(),
  };
}

export interface TicketExtras {
  lastMoves: ReadonlyMap<number, LastMoveRow>;
  confirmedAt: ReadonlyMap<number, Date | string>;
  siblings: readonly SiblingRow[];
  notices: readonly NoticeRow[];
  now: number;
}

export function toTicket(record: OrderRecord, extras: TicketExtras): KitchenTicket {
  const { order } = record;
  const wire = toOrder(record);
  const startAt = order.start_at ? iso(order.start_at) : null;
  const reachedKitchen =
    order.payment_method === "cash_at_counter"
      ? (extras.confirmedAt.get(order.id) ?? order.created_at)
      : order.created_at;
  const ageFrom = new Date(
    Math.max(new Date(reachedKitchen).getTime(), startAt ? Date.parse(startAt) : 0),
  ).toISOString();
  return {
    orderId: order.id,
    orderNumber: order.id,
    version: order.version,
    vendorId: order.vendor_id,
    vendorName: order.vendor_name,
    firstName: firstNameOf(order.customer_name),
    orderType: order.order_type,
    vehicle: wire.vehicle,
    deliveryInstructions: wire.deliveryInstructions,
    lines: record.items.map(toLine),
    allergyNote: order.allergy_note?.trim() || null,
    status: order.status,
    paymentMethod: order.payment_method,
    toPayPence:
      order.payment_method === "cash_at_counter" && order.status === "pending_payment"
        ? order.total_pence
        : null,
    promisedAt: wire.estimatedDeliveryTime,
    createdAt: iso(order.created_at),
    startAt,
    ageFrom,
    updatedAt: iso(order.updated_at),
    siblings: extras.siblings
      .filter(
        (row) => order.checkout_id && row.checkout_id === order.checkout_id && row.id !== order.id,
      )
      .map((row) => ({
        orderId: row.id,
        orderNumber: row.id,
        vendorId: row.vendor_id,
        vendorName: row.vendor_name,
        status: row.status,
        startAt: row.start_at ? iso(row.start_at) : null,
      })),
    notice: noticeOf(
      order.status,
      extras.notices.filter((notice) => notice.order_id === order.id),
    ),
    undo: undoOf(order.status, extras.lastMoves.get(order.id), extras.now),
  };
}

export function toKitchenTrailer(row: KitchenTrailerRow): KitchenTrailer {
  const defaults = defaultLateThresholds(row.preparation_time_max);
  const late = row.late_after_minutes ?? defaults.lateAfterMinutes;
  return {
    vendorId: row.id,
    vendorName: row.name,
    preparationTime: { min: row.preparation_time_min, max: row.preparation_time_max },
    lateAfterMinutes: late,
    veryLateAfterMinutes: Math.max(
      row.very_late_after_minutes ?? defaults.veryLateAfterMinutes,
      late,
    ),
    customThresholds: row.late_after_minutes !== null || row.very_late_after_minutes !== null,
  };
}
