import type { Queryable } from "../database.js";

/** Our record of a card payment: open until paid, failed or cancelled. */
export type PaymentState =
  | "requires_payment_method"
  | "processing"
  | "paid"
  | "failed"
  | "canceled";

export interface PaymentRow {
  id: string;
  user_id: number;
  vendor_id: number;
  provider: "stripe" | "test";
  amount_pence: number;
  currency: string;
  status: PaymentState;
  checkout_session_id: string | null;
  order_data: unknown;
  order_id: number | null;
  failure_message: string | null;
  created_at: Date | string;
  refunded_pence?: number;
  refund_note?: string | null;
  updated_at: Date | string;
}

export interface NewPayment {
  id: string;
  userId: number;
  vendorId: number;
  provider: "stripe" | "test";
  amountPence: number;
  currency: string;
  orderData: unknown;
}

const OPEN_STATES = ["requires_payment_method", "processing"];

/** SQL for payments and processed webhook events; no rules here. */
export function paymentsRepository(db: Queryable) {
  const setStatus = async (id: string, status: PaymentState, failureMessage: string | null) => {
    await db.query(
      "update payments set status = $2, failure_message = $3, updated_at = now() where id = $1 and order_id is null",
      [id, status, failureMessage],
    );
  };

  return {
    async insert(payment: NewPayment): Promise<void> {
      await db.query(
        `insert into payments (id, user_id, vendor_id, provider, amount_pence, currency, order_data)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
        [
          payment.id,
          payment.userId,
          payment.vendorId,
          payment.provider,
          payment.amountPence,
          payment.currency,
          JSON.stringify(payment.orderData),
        ],
      );
    },

    async findById(id: string): Promise<PaymentRow | null> {
      const [row] = await db.query<PaymentRow>("select * from payments where id = $1", [id]);
      return row ?? null;
    },

    /** The row, locked until the transaction ends: whoever completes a payment does it alone. */
    async lockById(id: string): Promise<PaymentRow | null> {
      const [row] = await db.query<PaymentRow>("select * from payments where id = $1 for update", [
        id,
      ]);
      return row ?? null;
    },

    async setCheckoutSession(id: string, sessionId: string): Promise<void> {
      await db.query(
        "update payments set checkout_session_id = $2, updated_at = now() where id = $1",
        [id, sessionId],
      );
    },

    /** Open payments of this customer for this vendor, except `exceptId`: replaced by a newer attempt. */
    async listOpenForVendor(userId: number, vendorId: number): Promise<PaymentRow[]> {
      return db.query<PaymentRow>(
        "select * from payments where user_id = $1 and vendor_id = $2 and status = any($3::text[]) and order_id is null",
        [userId, vendorId, OPEN_STATES],
      );
    },

    markPaid: async (id: string, orderId: number) => {
      await db.query(
        "update payments set status = 'paid', order_id = $2, failure_message = null, updated_at = now() where id = $1",
        [id, orderId],
      );
    },
    /** The part of a paid payment given back (lines sold out while the customer paid), and why. */
    async recordRefund(id: string, amountPence: number, note: string): Promise<void> {
      await db.query("update payments set refunded_pence = $2, refund_note = $3 where id = $1", [
        id,
        amountPence,
        note,
      ]);
    },
    /** The payment that paid for an order: its own, or its checkout's (a basket's later orders carry none). */
    async findForOrder(orderId: number): Promise<PaymentRow | null> {
      const [row] = await db.query<PaymentRow>(
        `select p.* from orders o
           left join checkouts c on c.id = o.checkout_id
           join payments p on p.id = coalesce(o.payment_id, c.payment_id)
         where o.id = $1`,
        [orderId],
      );
      return row ?? null;
    },
    /** A further part of a paid payment given back (an order of it cancelled): added to what was refunded. */
    async addRefund(id: string, amountPence: number): Promise<void> {
      await db.query("update payments set refunded_pence = refunded_pence + $2 where id = $1", [
        id,
        amountPence,
      ]);
    },
    markProcessing: (id: string) => setStatus(id, "processing", null),
    markFailed: (id: string, message: string) => setStatus(id, "failed", message),
    markCanceled: (id: string, message: string | null) => setStatus(id, "canceled", message),
    /** A declined attempt leaves the payment open (the customer may try another card) with the reason. */
    async noteDecline(id: string, message: string): Promise<void> {
      await db.query(
        "update payments set failure_message = $2, updated_at = now() where id = $1 and order_id is null",
        [id, message],
      );
    },

    /** True the first time an event id is seen; false for a replay. */
    async recordWebhookEvent(eventId: string): Promise<boolean> {
      const rows = await db.query(
        "insert into processed_webhook_events (id) values ($1) on conflict do nothing returning id",
        [eventId],
      );
      return rows.length > 0;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
