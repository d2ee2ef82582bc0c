import type { Queryable } from "../database.js";

export interface ReceiptRow {
  id: number;
  issuer: string;
  vendor_id: number | null;
  number: number;
  kind: "receipt" | "credit_note";
  order_id: number;
  refund_key: string;
  amount_pence: number;
  vat_pence: number;
  body: unknown;
  issued_at: Date | string;
}

/** What a receipt is made from: the order, its trailer as a business, and the customer's name. */
export interface ReceiptSource {
  id: number;
  user_id: number;
  vendor_id: number;
  status: string;
  payment_method: "cash_at_counter" | "stripe";
  subtotal_pence: number;
  service_charge_pence: number;
  delivery_fee_pence: number;
  total_pence: number;
  created_at: Date | string;
  cash_taken_at: Date | string | null;
  payment_id: string | null;
  checkout_id: number | null;
  customer_name: string;
  vendor_name: string;
  vendor_slug: string;
  legal_name: string | null;
  address_lines: string[];
  postcode: string | null;
  vat_number: string | null;
}

export interface ReceiptItemRow {
  name: string;
  quantity: number;
  unit_price_pence: number;
  total_pence: number;
  vat_rate: number | null;
  addons: unknown;
}

/** SQL for receipts and their numbers; the rules live in services/receipts. */
export function receiptsRepository(db: Queryable) {
  return {
    /**
     * The issuer's next number, inside the caller's transaction: the counter row is locked until it ends, so
     * concurrent issues queue and a rolled-back one gives its number back (no gaps, no repeats).
     */
    async nextNumber(issuer: string): Promise<number> {
      await db.query("insert into receipt_counters (issuer) values ($1) on conflict do nothing", [
        issuer,
      ]);
      const [row] = await db.query<{ last_number: number }>(
        "update receipt_counters set last_number = last_number + 1 where issuer = $1 returning last_number",
        [issuer],
      );
      return row!.last_number;
    },

    async insert(receipt: Omit<ReceiptRow, "id" | "issued_at">): Promise<ReceiptRow> {
      const [row] = await db.query<ReceiptRow>(
        `insert into receipts (issuer, vendor_id, number, kind, order_id, refund_key, amount_pence, vat_pence, body)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) returning *`,
        [
          receipt.issuer,
          receipt.vendor_id,
          receipt.number,
          receipt.kind,
          receipt.order_id,
          receipt.refund_key,
          receipt.amount_pence,
          receipt.vat_pence,
          JSON.stringify(receipt.body),
        ],
      );
      return row!;
    },

    async exists(orderId: number, issuer: string, kind: string, refundKey = ""): Promise<boolean> {
      const rows = await db.query(
        "select 1 from receipts where order_id = $1 and issuer = $2 and kind = $3 and refund_key = $4",
        [orderId, issuer, kind, refundKey],
      );
      return rows.length > 0;
    },

    async ofOrder(orderId: number): Promise<ReceiptRow[]> {
      return db.query<ReceiptRow>("select * from receipts where order_id = $1 order by id", [
        orderId,
      ]);
    },

    async byId(id: number): Promise<ReceiptRow | null> {
      const [row] = await db.query<ReceiptRow>("select * from receipts where id = $1", [id]);
      return row ?? null;
    },

    /** The order a receipt is made from, locked so two issuers of the same order queue. */
    async lockSource(orderId: number): Promise<ReceiptSource | null> {
      const [row] = await db.query<ReceiptSource>(
        `select o.id, o.user_id, o.vendor_id, o.status, o.payment_method, o.subtotal_pence, o.service_charge_pence,
                o.delivery_fee_pence, o.total_pence, o.created_at, o.cash_taken_at, o.payment_id, o.checkout_id,
                u.name as customer_name, v.name as vendor_name, v.slug as vendor_slug, v.legal_name,
                v.address_lines, v.postcode, v.vat_number
         from orders o join users u on u.id = o.user_id join vendors v on v.id = o.vendor_id
         where o.id = $1 for update of o`,
        [orderId],
      );
      return row ?? null;
    },

    async items(orderId: number): Promise<ReceiptItemRow[]> {
      return db.query<ReceiptItemRow>(
        `select name, quantity, unit_price_pence, total_pence, vat_rate, addons from order_items
         where order_id = $1 order by id`,
        [orderId],
      );
    },

    async setOrderVat(orderId: number, vatPence: number): Promise<void> {
      await db.query("update orders set vat_pence = $2 where id = $1", [orderId, vatPence]);
    },

    async markCashTaken(orderId: number): Promise<void> {
      await db.query(
        "update orders set cash_taken_at = coalesce(cash_taken_at, now()) where id = $1",
        [orderId],
      );
    },

    /** The trailer's order paid by `paymentId` (a basket's orders share its checkout). */
    async orderOfPayment(paymentId: string, vendorId: number): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `select o.id from orders o where o.vendor_id = $2 and (o.payment_id = $1
           or o.checkout_id = (select id from checkouts where payment_id = $1))
         order by o.id limit 1`,
        [paymentId, vendorId],
      );
      return row?.id ?? null;
    },

    /** Credit notes already given against an order's receipt from `issuer`. */
    async creditedPence(orderId: number, issuer: string): Promise<number> {
      const [row] = await db.query<{ total: number }>(
        `select coalesce(sum(amount_pence), 0)::int as total from receipts
         where order_id = $1 and issuer = $2 and kind = 'credit_note'`,
        [orderId, issuer],
      );
      return row?.total ?? 0;
    },
  };
}
