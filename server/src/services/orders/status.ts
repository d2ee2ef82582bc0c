import { estimateWindow } from "@contract/estimated-time";
import {
  KITCHEN_MESSAGES,
  type MoveKind,
  RECALL_WINDOW_MS,
  UNDO_WINDOW_MS,
} from "@contract/kitchen";
import { allowedNextStatuses, canTransition, isFinalStatus } from "@contract/order-status";
import type { CancelReason, Order, OrderStatus } from "@contract/orders";
import type { Database, Queryable } from "@server/db/database.js";
import { kitchenRepository } from "@server/db/repositories/kitchen.js";
import {
  type OrderRecord,
  type OrderRow,
  ordersRepository,
} from "@server/db/repositories/orders.js";
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
  order: OrderRow,
  refunds: CancelRefunds,
): Promise<{ amountPence: number; method: "card" | "counter" } | null> {
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

export interface MoveRequest {
  orderId: number;
  status: OrderStatus;
  changedBy: number | null;
  /** The trailers the staff member runs (absent: any, as for the park's own jobs). */
  scope?: StaffScope;
  /** The version the screen had; absent: no check (the park's own jobs and the plain status call). */
  version?: number;
  kind?: MoveKind;
  reason?: string | undefined;
}

export interface MoveResult {
  order: Order;
  /** False when the move repeated one already made: nothing changed. */
  applied: boolean;
}

/** What happens inside a move's transaction once the order has moved (texts armed or cancelled). */
export type AfterMove = (
  tx: Queryable,
  move: { orderId: number; userId: number; from: OrderStatus; to: OrderStatus; kind: MoveKind },
) => Promise<void>;

interface PlannedMove {
  to: OrderStatus;
  estimate: { from: Date; at: Date } | null;
  clearStartAt: boolean;
}

/** A forward step (or cancel): the status graph decides; the estimate follows the spec's rule. */
function planStep(order: OrderRow, to: OrderStatus, now: Date): PlannedMove {
  const { status: from, order_type: orderType } = order;
  if (!canTransition(from, to, orderType)) {
    throw new Conflict(invalidTransitionMessage(from, to, allowedNextStatuses(from, orderType)));
  }
  const range = { min: order.preparation_time_min, max: order.preparation_time_max };
  const estimate = estimateWindow(to, range, now);
  // A basket part paid in cash keeps the basket's window while its trailer can still make it.
  if (to === "confirmed" && order.start_at && order.estimated_ready_at) {
    const canMakeIt =
      now.getTime() + range.max * 60_000 <= new Date(order.estimated_ready_at).getTime();
    if (canMakeIt) return { to, estimate: null, clearStartAt: false };
    return { to, estimate, clearStartAt: true };
  }
  return { to, estimate, clearStartAt: false };
}

/**
 * The only way an order's status changes. The graph lives in contract/order-status.ts so the staff
 * board offers exactly the moves accepted here. Each change commits with its history row (who, which kind of
 * move, from which status, the version after), then announces ONE `orderStatusChanged` event (sockets, boards
 * and push listen to it). Backward moves exist only as a staff undo (within UNDO_WINDOW_MS of the step) or a
 * recall (a finished ticket within RECALL_WINDOW_MS), each on the order's current version.
 */
export function createOrderStatusService(deps: {
  db: Database;
  events: DomainEvents;
  afterMove?: AfterMove;
  refunds: CancelRefunds;
  /** Inside the change's transaction: a cash order moved on from pending payment, so its money was taken. */
  cashTaken?: (tx: Queryable, orderId: number) => Promise<void>;
}) {
  async function planBackward(
    tx: Queryable,
    order: OrderRow,
    request: MoveRequest,
  ): Promise<PlannedMove> {
    const last = await kitchenRepository(tx).lastMove(order.id);
    if (request.kind === "undo") {
      if (
        last?.kind !== "step" ||
        last.status !== order.status ||
        last.status === "cancelled" ||
        last.from_status !== request.status
      )
        throw new Conflict(KITCHEN_MESSAGES.nothingToUndo);
      if (last.age_ms > UNDO_WINDOW_MS) throw new Conflict(KITCHEN_MESSAGES.undoExpired);
      const estimate =
        last.estimate_from_before && last.estimate_at_before
          ? { from: new Date(last.estimate_from_before), at: new Date(last.estimate_at_before) }
          : null;
      return { to: request.status, estimate, clearStartAt: false };
    }
    // Recall: a ticket that left the screen (completed or delivered) back to where it was.
    if (order.status === "cancelled") throw new Conflict(KITCHEN_MESSAGES.recallCancelled);
    if (!isFinalStatus(order.status) || !last || last.status !== order.status || !last.from_status)
      throw new Conflict(KITCHEN_MESSAGES.recallExpired);
    if (last.age_ms > RECALL_WINDOW_MS || last.from_status !== request.status)
      throw new Conflict(KITCHEN_MESSAGES.recallExpired);
    const recallable = await kitchenRepository(tx).recallList({
      vendorIds: [order.vendor_id],
    });
    if (!recallable.some((entry) => entry.id === order.id))
      throw new Conflict(KITCHEN_MESSAGES.recallExpired);
    return { to: request.status, estimate: null, clearStartAt: false };
  }

  async function move(request: MoveRequest): Promise<MoveResult> {
    const kind = request.kind ?? "step";
    const outcome = await deps.db.transaction(async (tx) => {
      const orders = ordersRepository(tx);
      const current = await orders.lockForMove(request.orderId);
      if (!current) throw new NotFound(ORDER_NOT_FOUND);
      if (request.scope) assertInScope(request.scope, current.vendor_id);
      // A cancel sent again (a retry, a second tablet): the order stays as it is; nothing is refunded twice.
      if (current.status === "cancelled" && request.status === "cancelled")
        return { moved: null, applied: false };
      const stale = request.version !== undefined && request.version !== current.version;
      // A repeat (a double tap, a retried request): the ticket is already where it was sent. Answer it as it is.
      if (current.status === request.status && (stale || request.version === undefined)) {
        if (request.version === undefined && kind === "step") {
          // The plain status call keeps its old answer for a move to where it is: refused by the graph.
          planStep(current, request.status, new Date());
        }
        return { moved: null, applied: false };
      }
      if (stale) throw new Conflict(KITCHEN_MESSAGES.versionConflict);
      const from = current.status;
      const plan =
        kind === "step"
          ? planStep(current, request.status, new Date())
          : await planBackward(tx, current, request);
      const updated = await orders.updateStatus({
        orderId: request.orderId,
        from,
        to: plan.to,
        changedBy: request.changedBy,
        estimate: plan.estimate,
        kind,
        reason: request.reason ?? null,
        clearStartAt: plan.clearStartAt,
      });
      if (updated === null) {
        throw new Conflict(`Order ${request.orderId} changed meanwhile; refresh and try again`);
      }
      if (plan.to === "cancelled") {
        const refund = await refundOnCancel(tx, current, deps.refunds);
        await orders.recordCancellation(request.orderId, request.reason ?? null, refund);
      } else if (from === "pending_payment" && kind === "step") {
        await deps.cashTaken?.(tx, request.orderId);
      }
      await deps.afterMove?.(tx, {
        orderId: request.orderId,
        userId: current.user_id,
        from,
        to: plan.to,
        kind,
      });
      return { moved: { from, to: plan.to }, applied: true };
    });

    const found = await ordersRepository(deps.db).findById(request.orderId);
    if (!found) throw new NotFound(ORDER_NOT_FOUND);
    const record = await sendPendingRefund(deps, found);
    const order = toOrder(record, { withCustomer: true });
    if (outcome.moved) {
      deps.events.emit("orderStatusChanged", {
        orderId: order.id,
        userId: order.userId,
        vendorId: order.vendorId,
        vendorName: order.vendorName,
        status: order.status,
        previousStatus: outcome.moved.from,
        updatedAt: order.updated_at,
        changedBy: request.changedBy,
        move: kind,
        checkoutId: record.order.checkout_id ?? null,
      });
    }
    return { order, applied: outcome.applied };
  }

  return {
    move,
    /** The plain status call (PATCH /api/staff/orders/:id): one forward step or cancel, no version check. */
    async changeStatus(input: {
      orderId: number;
      status: OrderStatus;
      changedBy: number | null;
      scope?: StaffScope;
      /** Why, when cancelling (shown to the customer beside the refund). */
      reason?: CancelReason | undefined;
    }): Promise<Order> {
      const result = await move({ ...input, kind: "step" });
      return result.order;
    },
  };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
