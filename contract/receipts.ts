/**
 * Receipts: every paid order has one from its trailer (and one from the park for the service charge). A
 * VAT-registered trailer gives a UK simplified VAT receipt up to £250 including VAT, a full VAT invoice above it; a
 * trailer that is not registered gives a plain receipt without VAT; a refund of a receipted sale gives a credit
 * note. Amounts are integer pence (contract/vat.ts has the one rounding rule).
 */
import * as z from "zod/mini";

/** HMRC: a simplified VAT invoice (receipt) may be given for a supply of £250 or less including VAT. */
export const SIMPLIFIED_VAT_LIMIT_PENCE = 25_000;

export const RECEIPT_KINDS = ["receipt", "vat_receipt", "vat_invoice", "credit_note"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  receipt: "Receipt",
  vat_receipt: "VAT receipt",
  vat_invoice: "VAT invoice",
  credit_note: "Credit note",
};

const issuerSchema = z.object({
  /** The trading name (the trailer's, or the park's). */
  name: z.string(),
  legalName: z.string(),
  address: z.array(z.string()),
  postcode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
});

const receiptLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** Including VAT, per unit. */
  unitPence: z.number(),
  /** Including VAT. */
  amountPence: z.number(),
  /** Null on a plain receipt (no VAT shown). */
  vatRate: z.nullable(z.number()),
  /** The line's VAT, per the one rounding rule (null on a plain receipt). */
  vatPence: z.nullable(z.number()),
});

const vatSummarySchema = z.object({
  rate: z.number(),
  /** Payable at this rate, including VAT. */
  grossPence: z.number(),
  vatPence: z.number(),
  netPence: z.number(),
});

export const receiptSchema = z.object({
  id: z.number(),
  kind: z.enum(RECEIPT_KINDS),
  title: z.string(),
  /** Unique and sequential per issuer ("FORNO-FUOCO-000012"). */
  number: z.string(),
  orderId: z.number(),
  /** The time of supply (when it was paid), ISO. */
  suppliedAt: z.string(),
  issuedAt: z.string(),
  issuer: issuerSchema,
  /** A full VAT invoice names the customer. */
  customerName: z.nullable(z.string()),
  lines: z.array(receiptLineSchema),
  /** One row per VAT rate (empty on a plain receipt). */
  vat: z.array(vatSummarySchema),
  totalPence: z.number(),
  vatPence: z.number(),
  paymentMethod: z.enum(["cash_at_counter", "stripe"]),
  /** A credit note: the receipt it corrects. */
  creditFor: z.nullable(z.string()),
  /** The receipt's own page (for sharing: only its owner and staff can open it). */
  url: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const orderReceiptsSchema = z.object({ data: z.array(receiptSchema) });
export type OrderReceipts = z.infer<typeof orderReceiptsSchema>;

/** A receipt as plain text (for sharing as text, and the download fallback). */
export function receiptText(receipt: Receipt, pounds: (pence: number) => string): string {
  const lines: string[] = [receipt.title.toUpperCase(), receipt.issuer.legalName];
  if (receipt.issuer.legalName !== receipt.issuer.name)
    lines.push(`trading as ${receipt.issuer.name}`);
  lines.push(...receipt.issuer.address);
  if (receipt.issuer.postcode) lines.push(receipt.issuer.postcode);
  if (receipt.issuer.vatNumber) lines.push(`VAT reg. no. ${receipt.issuer.vatNumber}`);
  lines.push("", `No. ${receipt.number}`, `Time of supply: ${receipt.suppliedAt}`);
  if (receipt.creditFor) lines.push(`Credit for: ${receipt.creditFor}`);
  if (receipt.customerName) lines.push(`Customer: ${receipt.customerName}`);
  lines.push("");
  for (const line of receipt.lines)
    lines.push(
      `${line.quantity} × ${line.description}  ${pounds(line.amountPence)}${line.vatRate === null ? "" : `  (VAT ${line.vatRate}%)`}`,
    );
  lines.push("", `Total${receipt.vat.length ? " incl. VAT" : ""}: ${pounds(receipt.totalPence)}`);
  for (const row of receipt.vat)
    lines.push(
      `VAT ${row.rate}%: ${pounds(row.grossPence)} incl. VAT ${pounds(row.vatPence)} (net ${pounds(row.netPence)})`,
    );
  return lines.join("\n");
}
