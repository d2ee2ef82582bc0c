/**
 * "Text me when it's ready". A customer who opted in with a UK mobile gets ONE text when their order turns ready
 * and neither the socket toast nor the web push was shown within SMS_FALLBACK_DELAY_MS. Durable: turning ready
 * writes a due row (ready_texts, unique per order and status) inside the move's transaction; a sweeper on every
 * node claims due rows (one winner per row) and sends or skips them, so a restart loses no text and none goes
 * twice. An undo of Ready cancels a pending text; a toast or push shown cancels it too.
 */
import { SMS_FALLBACK_DELAY_MS } from "@contract/kitchen";
import { readyTextMessage } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";
import {
  INVALID_MOBILE_MESSAGE,
  MOBILE_FIELD,
  normaliseUkMobile,
  OPT_IN_WITHOUT_MOBILE_MESSAGE,
  type ReadyTextSettings,
  type ReadyTextSettingsInput,
} from "@contract/text-alerts";
import type { Database, Queryable } from "@server/db/database.js";
import { kitchenRepository } from "@server/db/repositories/kitchen.js";
import { NotFound, UnusableField } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import { ORDER_NOT_FOUND } from "@server/services/orders/queries.js";
import type { AfterMove } from "@server/services/orders/status.js";
import type { TextProvider } from "./text-provider.js";

export const DEFAULT_SWEEP_MS = 5_000;
const SWEEP_BATCH = 20;

interface DueRow {
  id: number;
  order_id: number;
  status: OrderStatus;
}

interface SendFacts {
  order_status: OrderStatus;
  vendor_id: number;
  vendor_name: string;
  version: number;
  mobile_e164: string | null;
  text_when_ready: boolean;
  seen: boolean;
}

/** The settings as stored, from what the customer typed: 422 naming `mobile` when it cannot be used. */
export function readyTextSettingsFrom(input: ReadyTextSettingsInput): ReadyTextSettings {
  const typed = input.mobile?.trim() ?? "";
  const mobile = typed === "" ? null : normaliseUkMobile(typed);
  if (typed !== "" && mobile === null)
    throw new UnusableField(MOBILE_FIELD, INVALID_MOBILE_MESSAGE);
  if (input.textWhenReady && mobile === null)
    throw new UnusableField(MOBILE_FIELD, OPT_IN_WITHOUT_MOBILE_MESSAGE);
  return { mobile, textWhenReady: input.textWhenReady };
}

export function createReadyTextService(deps: {
  db: Database;
  events: DomainEvents;
  provider: TextProvider | null;
  logError: (error: unknown, context: string) => void;
  delayMs?: number;
  sweepMs?: number;
}) {
  const delayMs = deps.delayMs ?? SMS_FALLBACK_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<number> | null = null;

  async function settings(userId: number): Promise<ReadyTextSettings> {
    const [row] = await deps.db.query<{ mobile_e164: string | null; text_when_ready: boolean }>(
      "select mobile_e164, text_when_ready from users where id = $1",
      [userId],
    );
    return { mobile: row?.mobile_e164 ?? null, textWhenReady: row?.text_when_ready ?? false };
  }

  async function saveSettings(
    q: Queryable,
    userId: number,
    input: ReadyTextSettingsInput,
  ): Promise<ReadyTextSettings> {
    const next = readyTextSettingsFrom(input);
    await q.query("update users set mobile_e164 = $2, text_when_ready = $3 where id = $1", [
      userId,
      next.mobile,
      next.textWhenReady,
    ]);
    return next;
  }

  /** Inside a move's transaction: arm a text when an order turns ready; cancel a pending one when Ready is undone. */
  const afterMove: AfterMove = async (tx, move) => {
    if (move.to === "ready" && move.kind === "step") {
      await tx.query(
        `insert into ready_texts (order_id, status, due_at)
         select $1, 'ready', now() + make_interval(secs => $3::float8 / 1000)
         from users where id = $2 and text_when_ready and mobile_e164 is not null
         on conflict (order_id, status) do update set state = 'due', due_at = excluded.due_at, note = null,
           updated_at = now()
         where ready_texts.state = 'skipped' and ready_texts.note = 'undone'`,
        [move.orderId, move.userId, delayMs],
      );
    }
    if (move.from === "ready" && move.kind === "undo") {
      await tx.query(
        `update ready_texts set state = 'skipped', note = 'undone', updated_at = now()
         where order_id = $1 and status = 'ready' and state = 'due'`,
        [move.orderId],
      );
    }
  };

  /** The customer's phone showed the toast or the push for this status: recorded once; a pending text is cancelled. */
  async function noticeShown(
    /** The customer saying so; null when a notice token (checked by the route) names the order. */
    userId: number | null,
    orderId: number,
    status: OrderStatus,
    via: "toast" | "push",
  ): Promise<void> {
    const [order] = await deps.db.query<{ user_id: number; vendor_id: number; version: number }>(
      "select user_id, vendor_id, version from orders where id = $1",
      [orderId],
    );
    if (!order || (userId !== null && order.user_id !== userId))
      throw new NotFound(ORDER_NOT_FOUND);
    const recorded = await deps.db.transaction(async (tx) => {
      const first = await kitchenRepository(tx).recordNotice(orderId, status, via);
      await tx.query(
        `update ready_texts set state = 'skipped', note = 'seen', updated_at = now()
         where order_id = $1 and status = $2 and state = 'due'`,
        [orderId, status],
      );
      return first;
    });
    if (recorded)
      deps.events.emit("kitchenTicketChanged", {
        orderId,
        vendorId: order.vendor_id,
        version: order.version,
        kind: "notice",
      });
  }

  async function finish(
    id: number,
    state: "sent" | "skipped" | "failed",
    fields: Record<string, string | null>,
  ) {
    await deps.db.query(
      `update ready_texts set state = $2, to_number = $3, body = $4, provider = $5, provider_id = $6, note = $7,
         updated_at = now() where id = $1`,
      [
        id,
        state,
        fields.to ?? null,
        fields.body ?? null,
        fields.provider ?? null,
        fields.providerId ?? null,
        fields.note ?? null,
      ],
    );
  }

  async function sendOne(row: DueRow): Promise<void> {
    const [facts] = await deps.db.query<SendFacts>(
      `select o.status as order_status, o.vendor_id, v.name as vendor_name, o.version, u.mobile_e164,
         u.text_when_ready,
         exists (select 1 from order_notices n where n.order_id = o.id and n.status = $2) as seen
       from orders o join users u on u.id = o.user_id join vendors v on v.id = o.vendor_id
       where o.id = $1`,
      [row.order_id, row.status],
    );
    if (!facts) return finish(row.id, "skipped", { note: "order gone" });
    if (facts.seen) return finish(row.id, "skipped", { note: "seen" });
    if (facts.order_status !== row.status)
      return finish(row.id, "skipped", { note: `now ${facts.order_status}` });
    if (!facts.text_when_ready || !facts.mobile_e164)
      return finish(row.id, "skipped", { note: "not opted in" });
    if (!deps.provider) return finish(row.id, "skipped", { note: "no provider" });
    const body = readyTextMessage({ orderId: row.order_id, vendorName: facts.vendor_name });
    try {
      const sent = await deps.provider.send({ to: facts.mobile_e164, body, orderId: row.order_id });
      await finish(row.id, "sent", {
        to: facts.mobile_e164,
        body,
        provider: deps.provider.name,
        providerId: sent.id,
      });
      if (await kitchenRepository(deps.db).recordNotice(row.order_id, row.status, "sms"))
        deps.events.emit("kitchenTicketChanged", {
          orderId: row.order_id,
          vendorId: facts.vendor_id,
          version: facts.version,
          kind: "notice",
        });
    } catch (error) {
      deps.logError(error, "ready text not sent");
      await finish(row.id, "failed", {
        to: facts.mobile_e164,
        body,
        provider: deps.provider.name,
        note: error instanceof Error ? error.message.slice(0, 200) : "failed",
      });
    }
  }

  /**
   * Claims the texts now due (state due → sending: one node wins each row) and sends or skips each. A row a
   * crash left in 'sending' is not retried: never twice beats at least once for a text.
   */
  async function sweepOnce(): Promise<number> {
    const claimed = await deps.db.query<DueRow>(
      `update ready_texts set state = 'sending', updated_at = now()
       where id in (
         select id from ready_texts where state = 'due' and due_at <= now()
         order by due_at limit $1 for update skip locked
       )
       returning id, order_id, status`,
      [SWEEP_BATCH],
    );
    for (const row of claimed) await sendOne(row);
    return claimed.length;
  }

  return {
    settings,
    async updateSettings(userId: number, input: ReadyTextSettingsInput) {
      return saveSettings(deps.db, userId, input);
    },
    /** Validates before anything is placed (422), then saves (checkout's "Text me when it's ready"). */
    validate: readyTextSettingsFrom,
    afterMove,
    noticeShown,
    /** Sends what is due now; answers how many were handled. One sweep at a time per node. */
    async sweep(): Promise<number> {
      if (!sweeping)
        sweeping = sweepOnce().finally(() => {
          sweeping = null;
        });
      return sweeping;
    },
    start() {
      if (timer) return;
      // A database that is away fails every sweep: said once a minute, not every few seconds.
      let quietUntil = 0;
      timer = setInterval(() => {
        this.sweep().catch((error: unknown) => {
          if (Date.now() < quietUntil) return;
          quietUntil = Date.now() + 60_000;
          deps.logError(error, "ready text sweep failed; due texts wait for the next sweep");
        });
      }, deps.sweepMs ?? DEFAULT_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping?.catch(() => undefined);
    },
    provider: deps.provider,
  };
}

export type ReadyTextService = ReturnType<typeof createReadyTextService>;
