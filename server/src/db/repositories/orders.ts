import type { OrderType } from "@contract/common";
import type { OrderStatus, PaymentMethod } from "@contract/orders";
import { PARK_TIME_ZONE } from "@contract/park-clock";
import type { Queryable } from "../database.js";

/** An order as stored, joined with its vendor (and customer name for staff). */
export interface OrderRow {
  id: number;
  user_id: number;
  vendor_id: number;
  vendor_name: string;
  vendor_phone: string | null;
  vendor_email: string | null;
  preparation_time_min: number;
  preparation_time_max: number;
  customer_name: string;
  order_type: OrderType;
  payment_method: PaymentMethod;
  status: OrderStatus;
  subtotal_pence: number;
  service_charge_pence: number;
  delivery_fee_pence: number;
  total_pence: number;
  allergy_note: string | null;
  delivery_instructions: string | null;
  vehicle: unknown;
  estimated_ready_at: Date | string | null;
  estimated_ready_from: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The multi-trailer checkout, if any. */
  checkout_id?: number | null;
  /** A cancelled order: the staff's reason and what goes back (migration 014). */
  cancel_reason?: string | null;
  refund_pence?: number;
  refund_method?: "card" | "counter" | null;
  refund_sent_at?: Date | string | null;
  /** VAT included in the total (receipts). */
  vat_pence?: number;
  /** Bumped by every move (a staff move names the version it was made on). */
  version: number;
  /** A basket's quicker trailer starts at this time (null: at once). */
  start_at: Date | string | null;
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  menu_item_id: number;
  name: string;
  description: string;
  image: string | null;
  quantity: number;
  unit_price_pence: number;
  total_pence: number;
  special_instructions: string | null;
  /** jsonb; see StoredOrderAddon in the order service. */
  addons: unknown;
  /** Struck off on the kitchen screen. */
  made_at?: Date | string | null;
}

export interface OrderRecord {
  order: OrderRow;
  items: OrderItemRow[];
}

export interface StatusMove {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  changedBy: number | null;
  /** The order's new estimated window, or null to keep it (the rule: contract/estimated-time.ts). */
  estimate?: { from: Date; at: Date } | null;
  /** step (default), undo or recall: how the audit names the move. */
  kind?: "step" | "undo" | "recall";
  /** A cancel's reason. */
  reason?: string | null | undefined;
  /** Drop the basket start time (the window was set afresh). */
  clearStartAt?: boolean;
}

export interface StaffOrderFilter {
  vendorId?: number | undefined;
  status?: OrderStatus | undefined;
  /** The trailers the staff account runs; null or absent: every trailer (a park manager). */
  vendorIds?: readonly number[] | null;
}

export const ORDER_SELECT = `
  select o.*, v.name as vendor_name, v.phone as vendor_phone, v.email as vendor_email,
         v.preparation_time_min, v.preparation_time_max, u.name as customer_name
  from orders o
  join vendors v on v.id = o.vendor_id
  join users u on u.id = o.user_id`;

export async function withItems(db: Queryable, orders: OrderRow[]): Promise<OrderRecord[]> {
  if (orders.length === 0) return [];
  const items = await db.query<OrderItemRow>(
    "select * from order_items where order_id = any($1::int[]) order by order_id, id",
    [orders.map((order) => order.id)],
  );
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push(item);
    byOrder.set(item.order_id, list);
  }
  return orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
}

export function ordersRepository(db: Queryable) {
  return {
    async findById(orderId: number): Promise<OrderRecord | null> {
      const rows = await db.query<OrderRow>(`${ORDER_SELECT} where o.id = $1`, [orderId]);
      const [record] = await withItems(db, rows);
      return record ?? null;
    },

    /** Newest first. */
    async listForUser(userId: number): Promise<OrderRecord[]> {
      const rows = await db.query<OrderRow>(
        `${ORDER_SELECT} where o.user_id = $1 order by o.created_at desc, o.id desc`,
        [userId],
      );
      return withItems(db, rows);
    },

    /**
     * The staff board's orders: placed today in the park's time zone, plus any still unfinished from the
     * 24 hours before (an order placed at 23:50 must not vanish at midnight). Oldest first: the kitchen's queue.
     */
    async listForBoard(filter: StaffOrderFilter): Promise<OrderRecord[]> {
      const rows = await db.query<OrderRow>(
        `${ORDER_SELECT}
         where ((o.created_at at time zone $1)::date = (now() at time zone $1)::date
                or (o.status not in ('completed', 'delivered', 'cancelled') and o.created_at > now() - interval '24 hours'))
           and ($2::int is null or o.vendor_id = $2)
           and ($3::text is null or o.status = $3)
           and ($4::int[] is null or o.vendor_id = any($4::int[]))
         order by o.created_at asc, o.id asc`,
        [PARK_TIME_ZONE, filter.vendorId ?? null, filter.status ?? null, filter.vendorIds ?? null],
      );
      return withItems(db, rows);
    },

    /** The order row, locked until the transaction ends (a move reads and writes it with no one in between). */
    async lockForMove(orderId: number): Promise<OrderRow | null> {
      const [row] = await db.query<OrderRow>(`${ORDER_SELECT} where o.id = $1 for update of o`, [
        orderId,
      ]);
      return row ?? null;
    },

    /**
     * Moves the order from `from` to `to` and records the change (kind, who, the status before, the version
     * after, the estimated window before), only if it is still at `from` (two staff tapping at once cannot both
     * win). The version goes up by one. Returns the new updated_at and version, or null if it moved meanwhile.
     */
    async updateStatus(
      input: StatusMove,
    ): Promise<{ updatedAt: Date | string; version: number } | null> {
      const estimate = input.estimate ?? null;
      const [row] = await db.query<{
        updated_at: Date | string;
        version: number;
        before_from: Date | string | null;
        before_at: Date | string | null;
      }>(
        `with before as (
           select estimated_ready_from, estimated_ready_at from orders where id = $1 and status = $2
         )
         update orders set status = $3, updated_at = now(), version = orders.version + 1,
           estimated_ready_from = coalesce($4::timestamptz, orders.estimated_ready_from),
           estimated_ready_at = coalesce($5::timestamptz, orders.estimated_ready_at),
           start_at = case when $6::boolean then null else orders.start_at end
         from before
         where orders.id = $1 and orders.status = $2
         returning orders.updated_at, orders.version, before.estimated_ready_from as before_from,
           before.estimated_ready_at as before_at`,
        [
          input.orderId,
          input.from,
          input.to,
          estimate?.from.toISOString() ?? null,
          estimate?.at.toISOString() ?? null,
          input.clearStartAt === true,
        ],
      );
      if (!row) return null;
      await db.query(
        `insert into order_status_history (order_id, status, changed_by, kind, from_status, version,
           estimate_from_before, estimate_at_before, reason)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          input.orderId,
          input.to,
          input.changedBy,
          input.kind ?? "step",
          input.from,
          row.version,
          row.before_from,
          row.before_at,
          input.reason ?? null,
        ],
      );
      return { updatedAt: row.updated_at, version: row.version };
    },

    /**
     * A cash order still waiting for its cash, paid by card instead: card, this payment, confirmed (the kitchen
     * starts now: a new estimate from the trailer's range). False when it was paid or cancelled meanwhile.
     */
    async markCashOrderPaidByCard(orderId: number, paymentId: string): Promise<boolean> {
      const rows = await db.query<{ id: number }>(
        `update orders o set payment_method = 'stripe', payment_id = $2, status = 'confirmed', updated_at = now(),
           estimated_ready_from = now() + make_interval(mins => v.preparation_time_min),
           estimated_ready_at = now() + make_interval(mins => v.preparation_time_max)
         from vendors v
         where o.id = $1 and v.id = o.vendor_id and o.status = 'pending_payment'
           and o.payment_method = 'cash_at_counter'
         returning o.id`,
        [orderId, paymentId],
      );
      if (rows.length === 0) return false;
      await db.query(
        "insert into order_status_history (order_id, status) values ($1, 'confirmed')",
        [orderId],
      );
      return true;
    },

    /** Inside the cancelling transaction: why, and what goes back (nothing when `refund` is null). */
    async recordCancellation(
      orderId: number,
      reason: string | null,
      refund: { amountPence: number; method: "card" | "counter" } | null,
    ): Promise<void> {
      await db.query(
        "update orders set cancel_reason = $2, refund_pence = $3, refund_method = $4 where id = $1",
        [orderId, reason, refund?.amountPence ?? 0, refund?.method ?? null],
      );
    },

    /** The provider took the card refund; true only for the call that marked it (a refund is reported once). */
    async markRefundSent(orderId: number): Promise<boolean> {
      const rows = await db.query(
        "update orders set refund_sent_at = now() where id = $1 and refund_sent_at is null returning id",
        [orderId],
      );
      return rows.length > 0;
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
