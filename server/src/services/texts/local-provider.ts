import type { RecordedText } from "@contract/kitchen";
import type { Queryable } from "@server/db/database.js";
import type { TextMessage, TextProvider } from "./text-provider.js";

/**
 * Development and tests: records what would be sent (table recorded_texts) and sends nothing. /test-notification
 * lists them through GET /api/test/texts. Never used in production.
 */
export function createLocalTextProvider(db: Queryable): TextProvider & {
  /** The newest `limit` texts, all of them or only those to one number (E.164). */
  recorded(options?: { to?: string; limit?: number }): Promise<RecordedText[]>;
} {
  return {
    name: "local",
    async send(message: TextMessage) {
      const [row] = await db.query<{ id: number }>(
        "insert into recorded_texts (to_number, body, order_id) values ($1, $2, $3) returning id",
        [message.to, message.body, message.orderId ?? null],
      );
      return { id: `local-${row!.id}` };
    },
    async recorded({ to, limit = 50 } = {}) {
      const rows = await db.query<{
        id: number;
        to_number: string;
        body: string;
        order_id: number | null;
        sent_at: Date | string;
      }>(
        to === undefined
          ? "select * from recorded_texts order by id desc limit $1"
          : "select * from recorded_texts where to_number = $2 order by id desc limit $1",
        to === undefined ? [limit] : [limit, to],
      );
      return rows.map((row) => ({
        id: row.id,
        to: row.to_number,
        body: row.body,
        orderId: row.order_id,
        sentAt: new Date(row.sent_at).toISOString(),
      }));
    },
  };
}
