/**
 * Receipts for every paid order (card when placed, cash once taken at the counter): one from its trailer and, for
 * the order that carries the service charge, one from the park; a refund of a receipted sale gives a credit note.
 * Numbers are allocated in the database per issuer, gap-free (receipts repository). The order's VAT (`tax`) is the
 * VAT of its receipts. Only the order's customer and staff (trailer staff: their trailers) can read them.
 */
import { RECEIPT_TITLES, type Receipt } from "@contract/receipts";
import type { ParkBusiness } from "@server/config.js";
import type { Database, Queryable } from "@server/db/database.js";
import { type ReceiptRow, receiptsRepository } from "@server/db/repositories/receipts.js";
import { NotFound } from "@server/domain-errors.js";
import { inScope, staffScope } from "../staff-scope.js";
import {
  creditNoteBody,
  parkReceiptBody,
  type ReceiptBody,
  receiptNumber,
  trailerReceiptBody,
} from "./receipt-body.js";

export const RECEIPT_NOT_FOUND = "Receipt not found";
const PARK_ISSUER = "park";
const vendorIssuer = (vendorId: number) => `vendor:${vendorId}`;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A paid order: card orders are paid when placed; cash once taken (or the order moved past payment). */
const isPaid = (order: { payment_method: string; status: string; cash_taken_at: unknown }) =>
  order.payment_method === "stripe" ||
  order.cash_taken_at !== null ||
  !["pending", "pending_payment", "cancelled"].includes(order.status);

export function createReceiptService(deps: { db: Database; park: ParkBusiness }) {
  const { db, park } = deps;

  function toReceipt(row: ReceiptRow): Receipt {
    const body = row.body as ReceiptBody;
    return {
      id: row.id,
      kind: body.kind,
      title: RECEIPT_TITLES[body.kind],
      number: receiptNumber(body.issuer.prefix, row.number),
      orderId: row.order_id,
      suppliedAt: body.suppliedAt,
      issuedAt: iso(row.issued_at),
      issuer: {
        name: body.issuer.name,
        legalName: body.issuer.legalName,
        address: body.issuer.address,
        postcode: body.issuer.postcode,
        vatNumber: body.issuer.vatNumber,
      },
      customerName: body.customerName,
      lines: body.lines,
      vat: body.vat,
      totalPence: body.totalPence,
      vatPence: body.vatPence,
      paymentMethod: body.paymentMethod,
      creditFor: body.creditFor,
      url: `/receipt/${row.id}`,
    };
  }

  async function issue(
    tx: Queryable,
    issuer: string,
    vendorId: number | null,
    orderId: number,
    body: ReceiptBody,
    refundKey = "",
  ): Promise<ReceiptRow> {
    const receipts = receiptsRepository(tx);
    return receipts.insert({
      issuer,
      vendor_id: vendorId,
      number: await receipts.nextNumber(issuer),
      kind: body.kind === "credit_note" ? "credit_note" : "receipt",
      order_id: orderId,
      refund_key: refundKey,
      amount_pence: body.totalPence,
      vat_pence: body.vatPence,
      body,
    });
  }

  /** Inside `tx`: the order's receipts, once (nothing for an order not paid yet). */
  async function issueForOrder(tx: Queryable, orderId: number): Promise<void> {
    const receipts = receiptsRepository(tx);
    const source = await receipts.lockSource(orderId);
    if (!source || !isPaid(source)) return;
    const trailer = vendorIssuer(source.vendor_id);
    if (await receipts.exists(orderId, trailer, "receipt")) return;
    const suppliedAt = iso(source.cash_taken_at ?? source.created_at);
    const items = await receipts.items(orderId);
    const own = trailerReceiptBody(source, items, suppliedAt);
    await issue(tx, trailer, source.vendor_id, orderId, own);
    let vatPence = own.vatPence;
    if (source.service_charge_pence > 0) {
      const parkBody = parkReceiptBody(source, park, suppliedAt);
      await issue(tx, PARK_ISSUER, null, orderId, parkBody);
      vatPence += parkBody.vatPence;
    }
    await receipts.setOrderVat(orderId, vatPence);
  }

  return {
    issueForOrder,

    /** Inside the status change's transaction: a cash order's money was taken, so its receipts are issued. */
    async cashTaken(tx: Queryable, orderId: number): Promise<void> {
      await receiptsRepository(tx).markCashTaken(orderId);
      await issueForOrder(tx, orderId);
    },

    /**
     * After a refund of a trailer's share of a card payment: a credit note against that trailer's receipt, for at
     * most what the receipt has left, once per refund.
     */
    async creditNoteForRefund(refund: {
      paymentId: string;
      vendorId: number;
      amountPence: number;
      refundKey: string;
    }): Promise<Receipt | null> {
      const row = await db.transaction(async (tx) => {
        const receipts = receiptsRepository(tx);
        const orderId = await receipts.orderOfPayment(refund.paymentId, refund.vendorId);
        if (orderId === null) return null;
        await issueForOrder(tx, orderId);
        const issuer = vendorIssuer(refund.vendorId);
        if (await receipts.exists(orderId, issuer, "credit_note", refund.refundKey)) return null;
        const original = (await receipts.ofOrder(orderId)).find(
          (entry) => entry.issuer === issuer && entry.kind === "receipt",
        );
        if (!original) return null;
        const left = original.amount_pence - (await receipts.creditedPence(orderId, issuer));
        const amountPence = Math.min(refund.amountPence, left);
        if (amountPence <= 0) return null;
        const body = original.body as ReceiptBody;
        const note = creditNoteBody(
          body,
          receiptNumber(body.issuer.prefix, original.number),
          amountPence,
          new Date().toISOString(),
        );
        return issue(tx, issuer, refund.vendorId, orderId, note, refund.refundKey);
      });
      return row ? toReceipt(row) : null;
    },

    /** GET /orders/:id/receipts — the order's customer, or staff running its trailer; else 404. */
    async forOrder(user: { id: number; role: string }, orderId: number): Promise<Receipt[]> {
      const rows = await db.transaction(async (tx) => {
        const source = await receiptsRepository(tx).lockSource(orderId);
        if (!source || !(await mayRead(tx, user, source.user_id, source.vendor_id)))
          throw new NotFound("Order not found");
        // An order paid before receipts existed gets its receipts the first time they are asked for.
        await issueForOrder(tx, orderId);
        return receiptsRepository(tx).ofOrder(orderId);
      });
      return rows.map(toReceipt);
    },

    /** GET /receipts/:id — its customer or staff running its trailer; anyone else: 404, as if it did not exist. */
    async byId(user: { id: number; role: string }, receiptId: number): Promise<Receipt> {
      const row = await receiptsRepository(db).byId(receiptId);
      if (!row) throw new NotFound(RECEIPT_NOT_FOUND);
      const [order] = await db.query<{ user_id: number; vendor_id: number }>(
        "select user_id, vendor_id from orders where id = $1",
        [row.order_id],
      );
      if (!order || !(await mayRead(db, user, order.user_id, order.vendor_id)))
        throw new NotFound(RECEIPT_NOT_FOUND);
      return toReceipt(row);
    },
  };
}

async function mayRead(
  q: Queryable,
  user: { id: number; role: string },
  ownerId: number,
  vendorId: number,
): Promise<boolean> {
  if (user.id === ownerId) return true;
  if (user.role !== "staff") return false;
  return inScope(await staffScope(q, user.id), vendorId);
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
