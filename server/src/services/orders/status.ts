import { estimateWindow } from "@contract/estimated-time";
import { allowedNextStatuses, canTransition } from "@contract/order-status";
import type { Order, OrderStatus } from "@contract/orders";
import type { Database, Queryable } from "@server/db/database.js";
import { ordersRepository } from "@server/db/repositories/orders.js";
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

/**
 * The only way an order's status changes. The graph lives in contract/order-status.ts so the staff
 * board offers exactly the moves accepted here. Each change commits with its history row, then
 * announces ONE `orderStatusChanged` event (sockets and push listen to it).
 */
export function createOrderStatusService(deps: {
  db: Database;
  events: DomainEvents;
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
    }): Promise<Order> {
      const { record, previousStatus } = await deps.db.transaction(async (tx) => {
        const orders = ordersRepository(tx);
        const current = await orders.findById(input.orderId);
        if (!current) throw new NotFound(ORDER_NOT_FOUND);
        if (input.scope) assertInScope(input.scope, current.order.vendor_id);
        const from = current.order.status;
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
          },
        };
        return { record: changed, previousStatus: from };
      });

      const order = toOrder(record, { withCustomer: true });
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
