import type { Queryable } from "../database.js";

interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface StoredPushSubscription {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const toSubscription = (row: PushSubscriptionRow): StoredPushSubscription => ({
  id: row.id,
  userId: row.user_id,
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
});

export function pushSubscriptionsRepository(db: Queryable) {
  return {
    /** Inserts, or moves an existing endpoint (and its new keys) to `userId`. */
    async upsert(
      userId: number,
      endpoint: string,
      keys: { p256dh: string; auth: string },
    ): Promise<StoredPushSubscription> {
      const [row] = await db.query<PushSubscriptionRow>(
        `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
         on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
         returning *`,
        [userId, endpoint, keys.p256dh, keys.auth],
      );
      return toSubscription(row!);
    },
    /** Deletes the endpoint only if `userId` owns it; true when a row went. */
    async deleteOwned(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db.query(
        "delete from push_subscriptions where user_id = $1 and endpoint = $2 returning id",
        [userId, endpoint],
      );
      return rows.length > 0;
    },
    async deleteById(id: number): Promise<void> {
      await db.query("delete from push_subscriptions where id = $1", [id]);
    },
    async listForUser(userId: number): Promise<StoredPushSubscription[]> {
      const rows = await db.query<PushSubscriptionRow>(
        "select * from push_subscriptions where user_id = $1 order by id",
        [userId],
      );
      return rows.map(toSubscription);
    },
    async markSuccess(id: number): Promise<void> {
      await db.query("update push_subscriptions set last_success_at = now() where id = $1", [id]);
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof pushSubscriptionsRepository>;
