import type { OrderStatus } from "@contract/orders";
import { PARK_TIME_ZONE } from "@contract/park-clock";
import type { Queryable } from "../database.js";
import { ORDER_SELECT, type OrderRecord, type OrderRow, withItems } from "./orders.js";

/** The last recorded move of an order (order_status_history), with its age by the database's clock. */
export interface LastMoveRow {
  order_id: number;
  status: OrderStatus;
  from_status: OrderStatus | null;
  kind: "step" | "undo" | "recall";
  changed_at: Date | string;
  age_ms: number;
  estimate_from_before: Date | string | null;
  estimate_at_before: Date | string | null;
}

export interface RecallRow {
  id: number;
  version: number;
  vendor_id: number;
  vendor_name: string;
  customer_name: string;
  status: OrderStatus;
  from_status: OrderStatus;
  changed_at: Date | string;
}

export interface SiblingRow {
  id: number;
  checkout_id: number;
  vendor_id: number;
  vendor_name: string;
  status: OrderStatus;
  start_at: Date | string | null;
}

export interface NoticeRow {
  order_id: number;
  status: OrderStatus;
  via: "toast" | "push" | "sms";
  shown_at: Date | string;
}

export interface KitchenTrailerRow {
  id: number;
  name: string;
  preparation_time_min: number;
  preparation_time_max: number;
  late_after_minutes: number | null;
  very_late_after_minutes: number | null;
}

export interface BoardRow {
  id: number;
  vendor_id: number;
  status: OrderStatus;
}

export interface ScopeFilter {
  /** One trailer, or null/absent for every trailer in scope. */
  vendorId?: number | null | undefined;
  /** The trailers the account runs; null or absent: every trailer. */
  vendorIds?: readonly number[] | null | undefined;
}

const OPEN_STATUSES: readonly OrderStatus[] = [
  "pending_payment",
  "confirmed",
  "preparing",
  "ready",
];

/** Orders on a kitchen screen or a board: placed today or still unfinished from the 24 hours before. */
const BOARD_WINDOW = `((o.created_at at time zone $1)::date = (now() at time zone $1)::date
  or o.created_at > now() - interval '24 hours')`;

const ms = (column: string) => `(extract(epoch from (now() - ${column})) * 1000)::float8`;

/** SQL of the kitchen screen and the pickup board; the rules live in services/kitchen. */
export function kitchenRepository(db: Queryable) {
  return {
    /** Open tickets in scope, with their lines. */
    async openTickets(filter: ScopeFilter): Promise<OrderRecord[]> {
      const rows = await db.query<OrderRow>(
        `${ORDER_SELECT}
         where ${BOARD_WINDOW}
           and o.status = any($2::text[])
           and ($3::int is null or o.vendor_id = $3)
           and ($4::int[] is null or o.vendor_id = any($4::int[]))
         order by o.estimated_ready_at asc nulls last, o.id asc`,
        [PARK_TIME_ZONE, OPEN_STATUSES, filter.vendorId ?? null, filter.vendorIds ?? null],
      );
      return withItems(db, rows);
    },

    async lastMove(orderId: number): Promise<LastMoveRow | null> {
      const [row] = await this.lastMoves([orderId]);
      return row ?? null;
    },

    async lastMoves(orderIds: readonly number[]): Promise<LastMoveRow[]> {
      if (orderIds.length === 0) return [];
      return db.query<LastMoveRow>(
        `select distinct on (h.order_id) h.order_id, h.status, h.from_status, h.kind, h.changed_at,
           ${ms("h.changed_at")} as age_ms, h.estimate_from_before, h.estimate_at_before
         from order_status_history h
         where h.order_id = any($1::int[])
         order by h.order_id, h.id desc`,
        [[...orderIds]],
      );
    },

    /** When each order was first confirmed (a cash order reaches the kitchen when paid). */
    async confirmedAt(orderIds: readonly number[]): Promise<Map<number, Date | string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db.query<{ order_id: number; at: Date | string }>(
        `select order_id, min(changed_at) as at from order_status_history
         where order_id = any($1::int[]) and status = 'confirmed' group by order_id`,
        [[...orderIds]],
      );
      return new Map(rows.map((row) => [row.order_id, row.at]));
    },

    /**
     * Tickets that left the screen (completed or delivered by their last move) within the recall window, newest
     * first, at most `limit`. Cancelled orders are never among them.
     */
    async recallList(
      filter: ScopeFilter & { windowMs?: number; limit?: number },
    ): Promise<RecallRow[]> {
      return db.query<RecallRow>(
        `select o.id, o.version, o.vendor_id, v.name as vendor_name, u.name as customer_name, o.status,
           h.from_status, h.changed_at
         from orders o
         join vendors v on v.id = o.vendor_id
         join users u on u.id = o.user_id
         join lateral (
           select status, from_status, changed_at from order_status_history
           where order_id = o.id order by id desc limit 1
         ) h on true
         where o.status in ('completed', 'delivered')
           and o.updated_at > now() - make_interval(secs => $4::float8 / 1000)
           and h.status = o.status and h.from_status is not null
           and h.changed_at > now() - make_interval(secs => $4::float8 / 1000)
           and ($1::int is null or o.vendor_id = $1)
           and ($2::int[] is null or o.vendor_id = any($2::int[]))
         order by h.changed_at desc, o.id desc
         limit $3`,
        [
          filter.vendorId ?? null,
          filter.vendorIds ?? null,
          filter.limit ?? 10,
          filter.windowMs ?? 15 * 60_000,
        ],
      );
    },

    async siblings(checkoutIds: readonly number[]): Promise<SiblingRow[]> {
      if (checkoutIds.length === 0) return [];
      return db.query<SiblingRow>(
        `select o.id, o.checkout_id, o.vendor_id, v.name as vendor_name, o.status, o.start_at
         from orders o join vendors v on v.id = o.vendor_id
         where o.checkout_id = any($1::int[]) order by o.id`,
        [[...new Set(checkoutIds)]],
      );
    },

    async notices(orderIds: readonly number[]): Promise<NoticeRow[]> {
      if (orderIds.length === 0) return [];
      return db.query<NoticeRow>(
        "select order_id, status, via, shown_at from order_notices where order_id = any($1::int[])",
        [[...orderIds]],
      );
    },

    /** Records the first notice shown for an order's status; false when one was already recorded. */
    async recordNotice(
      orderId: number,
      status: OrderStatus,
      via: NoticeRow["via"],
    ): Promise<boolean> {
      const rows = await db.query(
        `insert into order_notices (order_id, status, via) values ($1, $2, $3)
         on conflict (order_id, status) do nothing returning order_id`,
        [orderId, status, via],
      );
      return rows.length > 0;
    },

    /** Strikes (or un-strikes) one line of an order; false when the order has no such line. */
    async setLineMade(orderId: number, lineId: number, made: boolean): Promise<boolean> {
      const rows = await db.query(
        `update order_items set made_at = case when $3::boolean then coalesce(made_at, now()) else null end
         where id = $2 and order_id = $1 returning id`,
        [orderId, lineId, made],
      );
      return rows.length > 0;
    },

    async trailers(filter: ScopeFilter): Promise<KitchenTrailerRow[]> {
      return db.query<KitchenTrailerRow>(
        `select id, name, preparation_time_min, preparation_time_max, late_after_minutes, very_late_after_minutes
         from vendors
         where active and ($1::int is null or id = $1) and ($2::int[] is null or id = any($2::int[]))
         order by position, id`,
        [filter.vendorId ?? null, filter.vendorIds ?? null],
      );
    },

    async setThresholds(
      vendorId: number,
      late: number | null,
      veryLate: number | null,
    ): Promise<boolean> {
      const rows = await db.query(
        `update vendors set late_after_minutes = $2, very_late_after_minutes = $3 where id = $1 returning id`,
        [vendorId, late, veryLate],
      );
      return rows.length > 0;
    },

    /** The board's numbers: preparing and ready orders in the board window; ready ones in the order they turned. */
    async boardNumbers(filter: ScopeFilter): Promise<BoardRow[]> {
      return db.query<BoardRow>(
        `select o.id, o.vendor_id, o.status from orders o
         where ${BOARD_WINDOW}
           and o.status in ('preparing', 'ready')
           and ($2::int is null or o.vendor_id = $2)
           and ($3::int[] is null or o.vendor_id = any($3::int[]))
         order by o.updated_at asc, o.id asc`,
        [PARK_TIME_ZONE, filter.vendorId ?? null, filter.vendorIds ?? null],
      );
    },
  };
}

export type KitchenRepository = ReturnType<typeof kitchenRepository>;
