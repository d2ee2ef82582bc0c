import { PARK_TIME_ZONE } from "@contract/park-clock";
import type { Queryable } from "../database.js";

export interface ReportRange {
  start: Date;
  end: Date;
}

/** Orders, receipts and transfers in the range and of these trailers, each figure a sum of stored pence. */
const ORDER_OF_TRANSFER = `exists (select 1 from orders o
  where (o.payment_id = t.payment_id or o.checkout_id = (select c.id from checkouts c where c.payment_id = t.payment_id))
    and o.created_at >= $2 and o.created_at < $3)`;
const PAID = `(o.payment_method = 'stripe' or o.cash_taken_at is not null
  or o.status not in ('pending', 'pending_payment', 'cancelled'))`;

/** SQL for the park manager's report; the rules live in services/reports. */
export function reportsRepository(db: Queryable) {
  return {
    /** The range's first instant and the instant after it, days in UK time (summer time included). */
    async bounds(from: string, to: string): Promise<ReportRange> {
      const [row] = await db.query<{ start: Date | string; end: Date | string }>(
        `select ($1::date::timestamp at time zone $3::text) as start,
                (($2::date + 1)::timestamp at time zone $3::text) as end`,
        [from, to, PARK_TIME_ZONE],
      );
      return { start: new Date(row!.start), end: new Date(row!.end) };
    },

    async vendors(ids: number[] | null) {
      return db.query<{ id: number; name: string }>(
        `select id, name from vendors
         where $1::int[] is null or id = any($1::int[]) order by position, id`,
        [ids],
      );
    },

    async orderSums(ids: number[], range: ReportRange) {
      return db.query<{
        vendor_id: number;
        orders: number;
        cancelled: number;
        items: number;
        card_pence: number;
        cash_pence: number;
        service_charge_pence: number;
      }>(
        `select o.vendor_id,
           count(*) filter (where o.status <> 'cancelled')::int as orders,
           count(*) filter (where o.status = 'cancelled')::int as cancelled,
           coalesce(sum((select sum(quantity) from order_items i where i.order_id = o.id))
             filter (where o.status <> 'cancelled'), 0)::int as items,
           coalesce(sum(o.total_pence) filter (where o.payment_method = 'stripe'), 0)::int as card_pence,
           coalesce(sum(o.total_pence) filter (where o.payment_method = 'cash_at_counter' and ${PAID}), 0)::int
             as cash_pence,
           coalesce(sum(o.service_charge_pence) filter (where ${PAID}), 0)::int as service_charge_pence
         from orders o
         where o.vendor_id = any($1::int[]) and o.created_at >= $2 and o.created_at < $3
         group by o.vendor_id`,
        [ids, range.start, range.end],
      );
    },

    /** The trailer's own receipts (not the park's): VAT less credit notes' VAT, and refunds credited. */
    async receiptSums(ids: number[], range: ReportRange) {
      return db.query<{ vendor_id: number; refunds_pence: number; vat_pence: number }>(
        `select r.vendor_id,
           coalesce(sum(r.amount_pence) filter (where r.kind = 'credit_note'), 0)::int as refunds_pence,
           (coalesce(sum(r.vat_pence) filter (where r.kind = 'receipt'), 0)
             - coalesce(sum(r.vat_pence) filter (where r.kind = 'credit_note'), 0))::int as vat_pence
         from receipts r join orders o on o.id = r.order_id
         where r.vendor_id = any($1::int[]) and o.created_at >= $2 and o.created_at < $3
         group by r.vendor_id`,
        [ids, range.start, range.end],
      );
    },

    async transferSums(ids: number[], range: ReportRange) {
      return db.query<{
        vendor_id: number;
        owed_pence: number;
        owed_back_pence: number;
        transferred_pence: number;
      }>(
        `select t.vendor_id,
           coalesce(sum(t.amount_pence) filter (where t.kind = 'transfer'
             and t.status in ('held', 'pending', 'sending', 'failed')), 0)::int as owed_pence,
           coalesce(sum(t.amount_pence) filter (where t.kind = 'reversal' and t.status = 'failed'), 0)::int
             as owed_back_pence,
           (coalesce(sum(t.amount_pence) filter (where t.kind = 'transfer' and t.status = 'done'), 0)
             - coalesce(sum(t.amount_pence) filter (where t.kind = 'reversal' and t.status = 'done'
                 and t.provider_id is not null), 0))::int as transferred_pence
         from trailer_transfers t
         where t.vendor_id = any($1::int[]) and ${ORDER_OF_TRANSFER}
         group by t.vendor_id`,
        [ids, range.start, range.end],
      );
    },

    /**
     * Per trailer (or over all of them): average minutes from confirmed (placement for a card order, payment for
     * cash) to ready, and the average preparation window quoted to the customers of those same orders at placement.
     */
    async prepMinutes(ids: number[], range: ReportRange, overall = false) {
      return db.query<{
        vendor_id: number;
        average: number;
        quoted_from: number;
        quoted_at: number;
      }>(
        `with times as (
           select o.vendor_id,
             coalesce(o.quoted_ready_from_minutes, v.preparation_time_min) as quoted_from,
             coalesce(o.quoted_ready_at_minutes, v.preparation_time_max) as quoted_at,
             extract(epoch from (min(h.changed_at) filter (where h.status = 'ready')
               - min(h.changed_at) filter (where h.status = 'confirmed'))) / 60 as minutes
           from orders o join order_status_history h on h.order_id = o.id join vendors v on v.id = o.vendor_id
           where o.vendor_id = any($1::int[]) and o.created_at >= $2 and o.created_at < $3
           group by o.id, o.vendor_id, v.preparation_time_min, v.preparation_time_max
         )
         select ${overall ? "0" : "vendor_id"} as vendor_id, avg(minutes)::float as average,
           avg(quoted_from)::float as quoted_from, avg(quoted_at)::float as quoted_at
         from times
         where minutes is not null and minutes >= 0
         group by 1`,
        [ids, range.start, range.end],
      );
    },

    async audit(ids: number[], end: Date) {
      return db.query<AuditRow>(
        `select vendor_id, at, action, target, after from park_audit
         where vendor_id = any($1::int[]) and at < $2 order by at, id`,
        [ids, end],
      );
    },
  };
}

export interface AuditRow {
  vendor_id: number;
  at: Date | string;
  action: string;
  target: string;
  after: unknown;
}
