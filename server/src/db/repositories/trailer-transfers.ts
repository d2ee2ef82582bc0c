import type { Queryable } from "../database.js";

export type TransferKind = "transfer" | "reversal";
export type TransferStatus = "pending" | "sending" | "done" | "held" | "failed";

/** One movement of a trailer's share: its transfer, or a reversal after a refund (migration 015). */
export interface TrailerTransferRow {
  id: number;
  payment_id: string;
  vendor_id: number;
  kind: TransferKind;
  refund_key: string;
  amount_pence: number;
  status: TransferStatus;
  destination: string | null;
  provider_id: string | null;
  failure: string | null;
  attempts: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row claimed by another node this long ago is taken as lost (the node died mid-call) and sent again. */
const STALE_CLAIM = "2 minutes";

/** SQL for the split of card payments; the rules live in services/payments/transfers.ts. */
export function trailerTransfersRepository(db: Queryable) {
  return {
    /** Written before the provider is called; a second writer (webhook, poll, sweep) finds it there. */
    async insertTransfer(row: {
      paymentId: string;
      vendorId: number;
      amountPence: number;
      destination: string | null;
    }): Promise<void> {
      await db.query(
        `insert into trailer_transfers (payment_id, vendor_id, kind, amount_pence, status, destination)
         values ($1, $2, 'transfer', $3, $4, $5) on conflict do nothing`,
        [
          row.paymentId,
          row.vendorId,
          row.amountPence,
          row.destination ? "pending" : "held",
          row.destination,
        ],
      );
    },

    async insertReversal(row: {
      paymentId: string;
      vendorId: number;
      refundKey: string;
      amountPence: number;
      status: "pending" | "done";
    }): Promise<TrailerTransferRow | null> {
      const [inserted] = await db.query<TrailerTransferRow>(
        `insert into trailer_transfers (payment_id, vendor_id, kind, refund_key, amount_pence, status)
         values ($1, $2, 'reversal', $3, $4, $5) on conflict do nothing returning *`,
        [row.paymentId, row.vendorId, row.refundKey, row.amountPence, row.status],
      );
      return inserted ?? null;
    },

    /** A held (or refused) transfer shrinks by a refund of its share: nothing had left the park. */
    async reduceUnsent(id: number, amountPence: number): Promise<void> {
      await db.query(
        `update trailer_transfers set amount_pence = amount_pence - $2, updated_at = now()
         where id = $1 and amount_pence >= $2`,
        [id, amountPence],
      );
    },

    async ofPayment(paymentId: string): Promise<TrailerTransferRow[]> {
      return db.query<TrailerTransferRow>(
        "select * from trailer_transfers where payment_id = $1 order by id",
        [paymentId],
      );
    },

    /** The trailer's transfer of a payment, locked until the transaction ends. */
    async lockTransfer(paymentId: string, vendorId: number): Promise<TrailerTransferRow | null> {
      const [row] = await db.query<TrailerTransferRow>(
        `select * from trailer_transfers where payment_id = $1 and vendor_id = $2 and kind = 'transfer'
         for update`,
        [paymentId, vendorId],
      );
      return row ?? null;
    },

    /**
     * What the trailer's reversals of a payment have taken back or claimed (failed ones are owed back); a held
     * share's reduction (done, never sent) is already out of the transfer's amount.
     */
    async reversedPence(paymentId: string, vendorId: number): Promise<number> {
      const [row] = await db.query<{ total: number }>(
        `select coalesce(sum(amount_pence), 0)::int as total from trailer_transfers
         where payment_id = $1 and vendor_id = $2 and kind = 'reversal'
           and not (status = 'done' and provider_id is null)`,
        [paymentId, vendorId],
      );
      return row?.total ?? 0;
    },

    /** Claims a row for this node's provider call: pending, or claimed by a node that has since gone quiet. */
    async claim(id: number): Promise<TrailerTransferRow | null> {
      const [row] = await db.query<TrailerTransferRow>(
        `update trailer_transfers set status = 'sending', attempts = attempts + 1, updated_at = now()
         where id = $1 and (status = 'pending'
           or (status = 'sending' and updated_at < now() - interval '${STALE_CLAIM}'))
         returning *`,
        [id],
      );
      return row ?? null;
    },

    async complete(id: number, providerId: string): Promise<void> {
      await db.query(
        `update trailer_transfers set status = 'done', provider_id = $2, failure = null, updated_at = now()
         where id = $1`,
        [id, providerId],
      );
    },

    async release(id: number, failure: string, status: "pending" | "failed"): Promise<void> {
      await db.query(
        "update trailer_transfers set status = $3, failure = $2, updated_at = now() where id = $1",
        [id, failure.slice(0, 500), status],
      );
    },

    /** Rows still to send (pending, or claimed and gone quiet), oldest first. */
    async incomplete(limit: number): Promise<TrailerTransferRow[]> {
      return db.query<TrailerTransferRow>(
        `select * from trailer_transfers where status = 'pending'
           or (status = 'sending' and updated_at < now() - interval '${STALE_CLAIM}')
         order by id limit $1`,
        [limit],
      );
    },

    /** Held shares whose trailer has a payout account now: they become transfers to send. */
    async releaseHeld(): Promise<number> {
      const rows = await db.query(
        `update trailer_transfers t set status = 'pending', destination = v.payout_account, updated_at = now()
         from vendors v where v.id = t.vendor_id and t.kind = 'transfer' and t.status = 'held'
           and v.payout_account is not null
         returning t.id`,
      );
      return rows.length;
    },

    /** Paid card payments of the last week without their split (the node died between payment and split). */
    async paidWithoutSplit(limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select p.id from payments p where p.status = 'paid' and p.updated_at > now() - interval '7 days'
           and not exists (select 1 from trailer_transfers t where t.payment_id = p.id)
         order by p.updated_at limit $1`,
        [limit],
      );
      return rows.map((row) => row.id);
    },
  };
}
