/**
 * Stripe Connect "separate charges and transfers": once a card payment is paid, each trailer's share of it (its
 * food and delivery; the park keeps the service charge) is transferred to the trailer's connected account with
 * the charge as `source_transaction`; a refund of a trailer's share is followed by a reversal of only that
 * trailer's transfer, for the refunded share.
 *
 * Exactly once, whoever asks (a webhook delivered three times, a status poll racing it, a node killed mid-way):
 * one ledger row per (payment, trailer, kind[, refund]) under a unique constraint is written before the provider is
 * called and completed after; the provider's idempotency key is derived from the row, and a row left mid-way is
 * sent again by the next event or the sweep. A trailer without a payout account has its share held (owed to it);
 * a reversal the provider refuses (the trailer's balance is short) is recorded as failed (owed back by it).
 */
import type { Database, Queryable } from "@server/db/database.js";
import { paymentsRepository } from "@server/db/repositories/payments.js";
import {
  type TrailerTransferRow,
  trailerTransfersRepository,
} from "@server/db/repositories/trailer-transfers.js";
import { orderDataOf, type PaymentOrderData } from "./payment-model.js";
import { type PaymentProvider, TransferRefused } from "./payment-provider.js";

export interface RefundedShare {
  paymentId: string;
  vendorId: number;
  amountPence: number;
  /** The refund it follows: one reversal per refund and trailer, whoever reports it. */
  refundKey: string;
}

export interface TransferServiceDeps {
  db: Database;
  provider: PaymentProvider;
  logError: (error: unknown, context: string) => void;
}

/** Each trailer's share of a payment as paid: its orders' food and delivery, never the park's service charge. */
export function trailerShares(data: PaymentOrderData): Map<number, number> {
  const shares = new Map<number, number>();
  for (const snapshot of data.purchase.snapshots) {
    const share = Math.max(0, snapshot.totalPence - snapshot.serviceChargePence);
    shares.set(snapshot.vendorId, (shares.get(snapshot.vendorId) ?? 0) + share);
  }
  return shares;
}

export function createTransferService(deps: TransferServiceDeps) {
  const { db, provider } = deps;
  const transfersApi = provider.transfers;

  /** Inside `tx`: the payment's transfer rows, once (nothing for a payment that is not paid). */
  async function ensureRows(tx: Queryable, paymentId: string): Promise<boolean> {
    const payment = await paymentsRepository(tx).findById(paymentId);
    if (payment?.status !== "paid") return false;
    const shares = trailerShares(orderDataOf(payment));
    const ledger = trailerTransfersRepository(tx);
    const accounts = await tx.query<{ id: number; payout_account: string | null }>(
      "select id, payout_account from vendors where id = any($1::int[])",
      [[...shares.keys()]],
    );
    for (const [vendorId, amountPence] of shares) {
      if (amountPence <= 0) continue;
      const destination = accounts.find((row) => row.id === vendorId)?.payout_account ?? null;
      await ledger.insertTransfer({ paymentId, vendorId, amountPence, destination });
    }
    return true;
  }

  /** One row to the provider, if this node wins the claim; a transient failure leaves it for the next try. */
  async function send(row: TrailerTransferRow): Promise<void> {
    const ledger = trailerTransfersRepository(db);
    const claimed = await ledger.claim(row.id);
    if (!claimed) return;
    try {
      const providerId =
        claimed.kind === "transfer" ? await sendTransfer(claimed) : await sendReversal(claimed);
      if (providerId === null) {
        await ledger.release(claimed.id, "waiting for the charge or the transfer", "pending");
        return;
      }
      await ledger.complete(claimed.id, providerId);
    } catch (error) {
      const refused = error instanceof TransferRefused;
      await ledger.release(
        claimed.id,
        error instanceof Error ? error.message : String(error),
        refused ? "failed" : "pending",
      );
      deps.logError(error, `${claimed.kind} ${claimed.id} of payment ${claimed.payment_id}`);
    }
  }

  async function sendTransfer(row: TrailerTransferRow): Promise<string | null> {
    const payment = await paymentsRepository(db).findById(row.payment_id);
    if (!payment || !row.destination) return null;
    const share = trailerShares(orderDataOf(payment)).get(row.vendor_id) ?? 0;
    if (row.amount_pence > share || row.amount_pence <= 0)
      throw new TransferRefused(`transfer of ${row.amount_pence}p exceeds the share ${share}p`);
    const charge = await transfersApi.chargeOf(payment.checkout_session_id ?? payment.id);
    if (!charge) return null;
    const transfer = await transfersApi.createTransfer({
      amountPence: row.amount_pence,
      currency: "gbp",
      destination: row.destination,
      sourceTransaction: charge,
      transferGroup: payment.id,
      ledgerId: row.id,
      metadata: { payment_id: payment.id, vendor_id: String(row.vendor_id) },
    });
    return transfer.id;
  }

  async function sendReversal(row: TrailerTransferRow): Promise<string | null> {
    const [transfer] = (await trailerTransfersRepository(db).ofPayment(row.payment_id)).filter(
      (entry) => entry.kind === "transfer" && entry.vendor_id === row.vendor_id,
    );
    if (transfer?.status !== "done" || !transfer.provider_id) return null;
    const reversal = await transfersApi.reverseTransfer({
      transferId: transfer.provider_id,
      amountPence: row.amount_pence,
      ledgerId: row.id,
      metadata: { payment_id: row.payment_id, refund: row.refund_key },
    });
    return reversal.id;
  }

  /** Sends what a payment still owes the provider: its transfers first, then its reversals. */
  async function sendPending(paymentId: string): Promise<void> {
    const rows = await trailerTransfersRepository(db).ofPayment(paymentId);
    for (const kind of ["transfer", "reversal"] as const)
      for (const row of rows)
        if (row.kind === kind && (row.status === "pending" || row.status === "sending"))
          await send(row);
  }

  return {
    /** After a payment is paid (webhook, poll, test page): each trailer's transfer, once. */
    async splitPayment(paymentId: string): Promise<void> {
      try {
        const paid = await db.transaction((tx) => ensureRows(tx, paymentId));
        if (paid) await sendPending(paymentId);
      } catch (error) {
        // The sweep tries again; the customer's payment and order are already safe.
        deps.logError(error, `splitting payment ${paymentId}`);
      }
    },

    /**
     * After a refund of (part of) a trailer's share: a reversal of only that trailer's transfer, for at most what
     * is left of it. A held share just shrinks (nothing was sent). Answers the reversal row, or null when there was
     * nothing to reverse (or this refund was already reversed).
     */
    async reverseTransferForRefund(share: RefundedShare): Promise<TrailerTransferRow | null> {
      if (share.amountPence <= 0) return null;
      const row = await db.transaction(async (tx) => {
        if (!(await ensureRows(tx, share.paymentId))) return null;
        const ledger = trailerTransfersRepository(tx);
        const transfer = await ledger.lockTransfer(share.paymentId, share.vendorId);
        if (!transfer) return null;
        const left =
          transfer.amount_pence - (await ledger.reversedPence(share.paymentId, share.vendorId));
        const amountPence = Math.min(share.amountPence, left);
        if (amountPence <= 0) return null;
        // Nothing left the park for a held share (or a transfer the provider refused): it shrinks, no provider call.
        const unsent = transfer.status === "held" || transfer.status === "failed";
        const reversal = await ledger.insertReversal({
          paymentId: share.paymentId,
          vendorId: share.vendorId,
          refundKey: share.refundKey,
          amountPence,
          status: unsent ? "done" : "pending",
        });
        if (reversal && unsent) await ledger.reduceUnsent(transfer.id, amountPence);
        return reversal;
      });
      if (row?.status !== "pending") return row;
      await sendPending(share.paymentId);
      const rows = await trailerTransfersRepository(db).ofPayment(share.paymentId);
      return rows.find((entry) => entry.id === row.id) ?? row;
    },

    /** The retry of what was left mid-way: paid payments without their split, rows pending or gone quiet. */
    async sweep(limit = 100): Promise<void> {
      const ledger = trailerTransfersRepository(db);
      await ledger.releaseHeld();
      for (const paymentId of await ledger.paidWithoutSplit(limit))
        await db.transaction((tx) => ensureRows(tx, paymentId));
      const rows = await ledger.incomplete(limit);
      for (const paymentId of new Set(rows.map((row) => row.payment_id)))
        await sendPending(paymentId);
    },

    /** The ledger rows of a payment (tests and the report). */
    ofPayment: (paymentId: string) => trailerTransfersRepository(db).ofPayment(paymentId),
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
