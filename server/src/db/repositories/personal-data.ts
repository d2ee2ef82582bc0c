import type { Queryable } from "../database.js";

/** Which orders or payments to clear: older than a moment, or one customer's. */
export type PersonalScope = { olderThan: Date } | { userId: number };

const where = (scope: PersonalScope, alias: string) =>
  "olderThan" in scope ? `${alias}.created_at < $1` : `${alias}.user_id = $1`;
const value = (scope: PersonalScope) => ("olderThan" in scope ? scope.olderThan : scope.userId);

/** SQL for clearing personal copies; what is personal is decided in services/privacy. */
export function personalDataRepository(db: Queryable) {
  return {
    /** Allergy notes (order and line), delivery instructions, vehicle and plate, line notes, ready texts' numbers and bodies: cleared. */
    async clearOrders(scope: PersonalScope): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `with cleared as (
           update orders o set allergy_note = null, delivery_instructions = null, vehicle = null,
             personal_data_cleared_at = now()
           where ${where(scope, "o")} and o.personal_data_cleared_at is null
           returning o.id
         ), lines as (
           update order_items set special_instructions = null
           where order_id in (select id from cleared) and special_instructions is not null
         ), texts as (
           update ready_texts set to_number = null, body = null
           where order_id in (select id from cleared) and (to_number is not null or body is not null)
         ), recorded as (
           delete from recorded_texts where order_id in (select id from cleared)
         )
         select id from cleared`,
        [value(scope)],
      );
      return rows.length;
    },

    async paymentsToClear(scope: PersonalScope, limit: number) {
      return db.query<{ id: string; order_data: unknown }>(
        `select p.id, p.order_data from payments p
         where ${where(scope, "p")} and p.personal_data_cleared_at is null order by p.created_at limit $2`,
        [value(scope), limit],
      );
    },

    async setPaymentData(id: string, orderData: unknown): Promise<void> {
      await db.query(
        "update payments set order_data = $2::jsonb, personal_data_cleared_at = now() where id = $1",
        [id, JSON.stringify(orderData)],
      );
    },

    async deleteStaleCarts(olderThan: Date): Promise<number> {
      return (await db.query("delete from carts where updated_at < $1 returning id", [olderThan]))
        .length;
    },

    /** Browsers that have not taken a notification (or subscribed) since `olderThan`. */
    async deleteUnusedPushSubscriptions(olderThan: Date): Promise<number> {
      return (
        await db.query(
          "delete from push_subscriptions where coalesce(last_success_at, created_at) < $1 returning id",
          [olderThan],
        )
      ).length;
    },

    /** A deleted account: name, email and phone gone, no way to sign in, carts and subscriptions removed. */
    async anonymiseUser(userId: number, passwordHash: string): Promise<boolean> {
      const rows = await db.query(
        `update users set name = 'Deleted customer', email = 'deleted-' || id || '@deleted.invalid', phone = null,
           mobile_e164 = null, text_when_ready = false, password_hash = $2, deleted_at = now()
         where id = $1 and deleted_at is null and role = 'customer' returning id`,
        [userId, passwordHash],
      );
      if (rows.length === 0) return false;
      await db.query("delete from carts where user_id = $1", [userId]);
      await db.query("delete from push_subscriptions where user_id = $1", [userId]);
      await db.query("delete from applied_mutations where user_id = $1", [userId]);
      return true;
    },
  };
}
