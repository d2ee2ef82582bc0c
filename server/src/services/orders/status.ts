import { estimateWindow } from "@contract/estimated-time";
import { allowedNextStatuses, canTransition } from "@contract/order-status";
import type { CancelReason, Order, OrderStatus } from "@contract/orders";
import type { Database, Queryable } from "@server/db/database.js";
import { type OrderRecord, ordersRepository } from "@server/db/repositories/orders.js";
import { Conflict, NotFound } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import { assertInScope, type StaffScope } from "@server/services/staff-scope.js";
import { ORDER_NOT_FOUND, toOrder } from "./queries.js";

/** 'Cannot change order status from ready to pending' — names both statuses and what is allowed. */
export function invalidTransitionMessage(
  from: OrderStatus,
  to: OrderStatus,
  allowed: OrderStatus[],
): string {
  const options = allowed.length > 0 ? ` (allowed: ${allowed.join(", ")})` : ` (${from} is final)`;
  return `Cannot change order status from ${from} to ${to}${options}`;
}

/** What cancelling needs of payments (services/payments/payment-service.ts): the one refund path. */
export interface CancelRefunds {
  cardRefundOf(
    tx: Queryable,
    order: { id: number; totalPence: number },
  ): Promise<{ amountPence: number } | null>;
  sendOrderRefund(order: { id: number; refundPence: number }): Promise<boolean>;
}

/** Cash counts as taken once the order left pending payment (the counter confirmed it). */
const CASH_TAKEN_FROM: readonly OrderStatus[] = ["confirmed", "preparing", "ready"];

/** What a cancel gives back: a paid card order all of it to the card; cash already taken at the counter. */
async function refundOnCancel(
  tx: Queryable,
  record: OrderRecord,
  refunds: CancelRefunds,
): Promise<{ amountPence: number; method: "card" | "counter" } | null> {
  const { order } = record;
  if (order.payment_method === "stripe") {
    const card = await refunds.cardRefundOf(tx, { id: order.id, totalPence: order.total_pence });
    return card ? { ...card, method: "card" } : null;
  }
  return CASH_TAKEN_FROM.includes(order.status) && order.total_pence > 0
    ? { amountPence: order.total_pence, method: "counter" }
    : null;
}

/** A card refund recorded but not yet taken by the provider: sent (again, under the same key). */
async function sendPendingRefund(
  deps: { db: Database; events: DomainEvents; refunds: CancelRefunds },
  record: OrderRecord,
): Promise<OrderRecord> {
  const { order } = record;
  if (order.refund_method !== "card" || order.refund_sent_at || !order.refund_pence) return record;
  if (!(await deps.refunds.sendOrderRefund({ id: order.id, refundPence: order.refund_pence })))
    return record;
  if (await ordersRepository(deps.db).markRefundSent(order.id))
    deps.events.emit("orderRefunded", {
      orderId: order.id,
      userId: order.user_id,
      vendorId: order.vendor_id,
      amountPence: order.refund_pence,
    });
  return { ...record, order: { ...order, refund_sent_at: new Date() } };
}

/**
 * The only way an order's status changes. The graph lives in contract/order-status.ts so the staff
 * board offers exactly the moves accepted here. Each change commits with its history row, then
 * announces ONE `orderStatusChanged` event (sockets and push listen to it).
 */
export function createOrderStatusService(deps: {
  db: Database;
  events: DomainEvents;
  refunds: CancelRefunds;
  /** Inside the change's transaction: a cash order moved on from pending payment, so its money was taken. */
  cashTaken?: (tx: Queryable, orderId: number) => Promise<void>;
}) {
  return {
    async changeStatus(input: {
      orderId: number;
      status: OrderStatus;
      changedBy: number | null;
      /** The trailers the staff member runs (absent: any, as for the park's own jobs). */
      scope?: StaffScope;
      /** Why, when cancelling (shown to the customer beside the refund). */
      reason?: CancelReason | undefined;
    }): Promise<Order> {
      const outcome = await deps.db.transaction(async (tx) => {
        const orders = ordersRepository(tx);
        const current = await orders.findById(input.orderId);
        if (!current) throw new NotFound(ORDER_NOT_FOUND);
        if (input.scope) assertInScope(input.scope, current.order.vendor_id);
        const from = current.order.status;
        // A cancel sent again (a retry, a second tablet): the order stays as it is; nothing is refunded twice.
        if (from === "cancelled" && input.status === "cancelled")
          return { record: current, previousStatus: null };
        const { order_type: orderType } = current.order;
        if (!canTransition(from, input.status, orderType)) {
          throw new Conflict(
            invalidTransitionMessage(from, input.status, allowedNextStatuses(from, orderType)),
          );
        }
        const range = {
          min: current.order.preparation_time_min,
          max: current.order.preparation_time_max,
        };
        const estimate = estimateWindow(input.status, range, new Date());
        const updatedAt = await orders.updateStatus({
          orderId: input.orderId,
          from,
          to: input.status,
          changedBy: input.changedBy,
          estimate,
        });
        if (updatedAt === null) {
          throw new Conflict(`Order ${input.orderId} changed meanwhile; refresh and try again`);
        }
        const refund =
          input.status === "cancelled" ? await refundOnCancel(tx, current, deps.refunds) : null;
        if (input.status === "cancelled")
          await orders.recordCancellation(input.orderId, input.reason ?? null, refund);
        if (from === "pending_payment" && input.status !== "cancelled")
          await deps.cashTaken?.(tx, input.orderId);
        const changed = {
          ...current,
          order: {
            ...current.order,
            status: input.status,
            updated_at: updatedAt,
            ...(estimate
              ? { estimated_ready_from: estimate.from, estimated_ready_at: estimate.at }
              : {}),
            ...(input.status === "cancelled"
              ? {
                  cancel_reason: input.reason ?? null,
                  refund_pence: refund?.amountPence ?? 0,
                  refund_method: refund?.method ?? null,
                  refund_sent_at: null,
                }
              : {}),
          },
        };
        return { record: changed, previousStatus: from };
      });

      const { previousStatus } = outcome;
      const record = await sendPendingRefund(deps, outcome.record);
      const order = toOrder(record, { withCustomer: true });
      if (previousStatus === null) return order;
      deps.events.emit("orderStatusChanged", {
        orderId: order.id,
        userId: order.userId,
        vendorId: order.vendorId,
        vendorName: order.vendorName,
        status: order.status,
        previousStatus,
        updatedAt: order.updated_at,
        changedBy: input.changedBy,
      });
      return order;
    },
  };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
