/**
 * Personal data does not outlive its use. Daily (one node, services/jobs/scheduler.ts): orders older than
 * PERSONAL_DATA_DAYS lose their personal copies — allergy notes (order and line), delivery instructions, vehicle
 * and plate, line notes — and so do their payments' snapshots of the checkout; carts untouched that long are
 * deleted, and push subscriptions unused for 90 days. The financial lines (amounts, VAT, items, dates, receipt
 * numbers) stay for HMRC's six years. A customer who deletes their account loses name, email and phone at once,
 * and their orders are cleared the same way.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "@server/db/database.js";
import {
  type PersonalScope,
  personalDataRepository,
} from "@server/db/repositories/personal-data.js";
import { Forbidden } from "@server/domain-errors.js";

export const PUSH_UNUSED_DAYS = 90;
const DAY_MS = 86_400_000;
const BATCH = 500;

type Snapshot = Record<string, unknown> & { lines?: Record<string, unknown>[] };

/** A checkout snapshot without what is personal: amounts, items and trailers stay (the split needs them). */
export function withoutPersonal(snapshot: Snapshot): Snapshot {
  return {
    ...snapshot,
    allergyNote: null,
    deliveryInstructions: null,
    vehicle: null,
    ...(snapshot.lines
      ? { lines: snapshot.lines.map((line) => ({ ...line, allergyInformation: "" })) }
      : {}),
  };
}

/** A payment's stored order data, every snapshot in it cleared. */
export function clearOrderData(data: unknown): unknown {
  if (!data || typeof data !== "object") return data;
  const record = data as Record<string, unknown>;
  const clearGroup = (group: unknown) =>
    group && typeof group === "object" && Array.isArray((group as Snapshot).snapshots)
      ? {
          ...(group as Record<string, unknown>),
          snapshots: ((group as { snapshots: Snapshot[] }).snapshots ?? []).map(withoutPersonal),
        }
      : group;
  return {
    ...record,
    ...(record.snapshot ? { snapshot: withoutPersonal(record.snapshot as Snapshot) } : {}),
    ...(record.purchase ? { purchase: clearGroup(record.purchase) } : {}),
  };
}

export interface RetentionResult {
  orders: number;
  payments: number;
  carts: number;
  pushSubscriptions: number;
}

export function createPersonalDataService(deps: {
  db: Database;
  personalDataDays: number;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function clear(scope: PersonalScope): Promise<{ orders: number; payments: number }> {
    const orders = await personalDataRepository(db).clearOrders(scope);
    let payments = 0;
    for (;;) {
      const batch = await personalDataRepository(db).paymentsToClear(scope, BATCH);
      for (const payment of batch)
        await personalDataRepository(db).setPaymentData(
          payment.id,
          clearOrderData(payment.order_data),
        );
      payments += batch.length;
      if (batch.length < BATCH) break;
    }
    return { orders, payments };
  }

  return {
    /** The daily job. */
    async runRetention(): Promise<RetentionResult> {
      const cutoff = new Date(now().getTime() - deps.personalDataDays * DAY_MS);
      const cleared = await clear({ olderThan: cutoff });
      const repo = personalDataRepository(db);
      return {
        ...cleared,
        carts: await repo.deleteStaleCarts(cutoff),
        pushSubscriptions: await repo.deleteUnusedPushSubscriptions(
          new Date(now().getTime() - PUSH_UNUSED_DAYS * DAY_MS),
        ),
      };
    },

    /** DELETE /account: the customer's name, email and phone go, and their orders are cleared at once. */
    async deleteAccount(user: { id: number; role: string }): Promise<void> {
      if (user.role !== "customer")
        throw new Forbidden("A staff account is removed by the park, not from the app");
      await db.transaction(async (tx) => {
        // A password nobody knows: the account can never be signed in to again.
        await personalDataRepository(tx).anonymiseUser(
          user.id,
          `deleted:${randomBytes(24).toString("base64url")}`,
        );
      });
      await clear({ userId: user.id });
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
