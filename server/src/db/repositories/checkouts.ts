import type { OrderStatus, PaymentMethod } from "@contract/orders";
import type { Queryable } from "../database.js";

export type CheckoutStatus = "placed" | "awaiting_payment" | "paid";

export interface CheckoutRow {
  id: number;
  user_id: number;
  /** Null: the purchase came without an Idempotency-Key (the spec's calls may omit it). */
  idempotency_key: string | null;
  request_hash: string;
  payment_method: PaymentMethod;
  status: CheckoutStatus;
  vendor_ids: number[];
  subtotal_pence: number;
  service_charge_pence: number;
  delivery_fee_pence: number;
  total_pence: number;
  payment_id: string | null;
  payment_url: string | null;
  payment_client_secret: string | null;
}

export interface CheckoutOrderRow {
  id: number;
  checkout_id: number;
  vendor_id: number;
  vendor_name: string;
  status: OrderStatus;
  total_pence: number;
}

/** SQL for checkouts (every purchase is one); the rules live in services/checkout/checkout-service.ts. */
export function checkoutsRepository(db: Queryable) {
  return {
    /**
     * Claims the customer's idempotency key. Null when the key is already taken: a concurrent duplicate waits
     * here on the unique index until the first commits (then gets null) or rolls back (then claims it).
     */
    async claim(input: {
      userId: number;
      key: string | null;
      requestHash: string;
      paymentMethod: PaymentMethod;
      status: CheckoutStatus;
      vendorIds: readonly number[];
    }): Promise<CheckoutRow | null> {
      const [row] = await db.query<CheckoutRow>(
        `insert into checkouts (user_id, idempotency_key, request_hash, payment_method, status, vendor_ids)
         values ($1, $2, $3, $4, $5, $6::int[])
         on conflict (user_id, idempotency_key) do nothing returning *`,
        [
          input.userId,
          input.key,
          input.requestHash,
          input.paymentMethod,
          input.status,
          [...input.vendorIds],
        ],
      );
      return row ?? null;
    },

    async findByKey(userId: number, key: string): Promise<CheckoutRow | null> {
      const [row] = await db.query<CheckoutRow>(
        "select * from checkouts where user_id = $1 and idempotency_key = $2",
        [userId, key],
      );
      return row ?? null;
    },

    async findById(id: number): Promise<CheckoutRow | null> {
      const [row] = await db.query<CheckoutRow>("select * from checkouts where id = $1", [id]);
      return row ?? null;
    },

    async setTotals(
      id: number,
      totals: {
        subtotalPence: number;
        serviceChargePence: number;
        deliveryChargePence: number;
        totalPence: number;
      },
    ): Promise<void> {
      await db.query(
        `update checkouts set subtotal_pence = $2, service_charge_pence = $3, delivery_fee_pence = $4, total_pence = $5
         where id = $1`,
        [
          id,
          totals.subtotalPence,
          totals.serviceChargePence,
          totals.deliveryChargePence,
          totals.totalPence,
        ],
      );
    },

    async setPayment(
      id: number,
      paymentId: string,
      opened: { sessionUrl: string; clientSecret: string | null } | null,
    ): Promise<void> {
      await db.query(
        "update checkouts set payment_id = $2, payment_url = $3, payment_client_secret = $4 where id = $1",
        [id, paymentId, opened?.sessionUrl ?? null, opened?.clientSecret ?? null],
      );
    },

    async markPaid(id: number): Promise<void> {
      await db.query("update checkouts set status = 'paid' where id = $1", [id]);
    },

    /** The orders of these checkouts, in the order they were placed. */
    async ordersOf(checkoutIds: readonly number[]): Promise<CheckoutOrderRow[]> {
      if (checkoutIds.length === 0) return [];
      return db.query<CheckoutOrderRow>(
        `select o.id, o.checkout_id, o.vendor_id, v.name as vendor_name, o.status, o.total_pence
         from orders o join vendors v on v.id = o.vendor_id
         where o.checkout_id = any($1::int[]) order by o.id`,
        [[...checkoutIds]],
      );
    },
  };
}
