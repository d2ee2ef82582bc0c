/**
 * What a receipt says, built from an order and frozen when issued: free of the database. The trailer's receipt
 * covers its food and delivery; the park's covers the service charge. VAT figures follow contract/vat.ts.
 */
import { STANDARD_VAT_RATE, type VatRate } from "@contract/business";
import { isPortionGroup } from "@contract/pricing";
import { type ReceiptKind, SIMPLIFIED_VAT_LIMIT_PENCE } from "@contract/receipts";
import { lineVatParts, sumByRate, type VatPart, vatIncluded } from "@contract/vat";
import type { ParkBusiness } from "@server/config.js";
import type { ReceiptItemRow, ReceiptSource } from "@server/db/repositories/receipts.js";

export interface Issuer {
  name: string;
  legalName: string;
  address: string[];
  postcode: string | null;
  vatNumber: string | null;
  /** Before the number: "FORNO-FUOCO", "PARK". */
  prefix: string;
}

export interface ReceiptLine {
  description: string;
  quantity: number;
  unitPence: number;
  amountPence: number;
  vatRate: number | null;
  vatPence: number | null;
}

export interface ReceiptBody {
  kind: ReceiptKind;
  issuer: Issuer;
  customerName: string | null;
  suppliedAt: string;
  paymentMethod: "cash_at_counter" | "stripe";
  lines: ReceiptLine[];
  vat: { rate: number; grossPence: number; vatPence: number; netPence: number }[];
  totalPence: number;
  vatPence: number;
  creditFor: string | null;
}

const STANDARD = STANDARD_VAT_RATE;

interface StoredAddon {
  name: string;
  group_name: string;
  price_pence: number;
  vat_rate?: number;
}

const addonsOf = (item: ReceiptItemRow) =>
  (Array.isArray(item.addons) ? item.addons : []) as StoredAddon[];

/** A line's parts per rate (its add-ons may have their own rate). */
export function itemVatParts(item: ReceiptItemRow): VatPart[] {
  const rate = (item.vat_rate ?? STANDARD) as VatRate;
  return lineVatParts({
    quantity: item.quantity,
    totalPence: item.total_pence,
    vatRate: rate,
    addons: addonsOf(item).map((addon) => ({
      pricePence: addon.price_pence,
      vatRate: (addon.vat_rate ?? rate) as VatRate,
      isPortion: isPortionGroup(addon.group_name),
    })),
  });
}

export const trailerIssuer = (source: ReceiptSource): Issuer => ({
  name: source.vendor_name,
  legalName: source.legal_name ?? source.vendor_name,
  address: source.address_lines ?? [],
  postcode: source.postcode,
  vatNumber: source.vat_number,
  prefix: source.vendor_slug.toUpperCase(),
});

export const parkIssuer = (park: ParkBusiness): Issuer => ({
  name: park.legalName,
  legalName: park.legalName,
  address: park.address,
  postcode: park.postcode,
  vatNumber: park.vatNumber,
  prefix: "PARK",
});

const summary = (parts: VatPart[]) =>
  sumByRate(parts).map((part) => ({ ...part, netPence: part.grossPence - part.vatPence }));

function kindFor(registered: boolean, totalPence: number): ReceiptKind {
  if (!registered) return "receipt";
  return totalPence > SIMPLIFIED_VAT_LIMIT_PENCE ? "vat_invoice" : "vat_receipt";
}

/** The trailer's receipt: each line at its rate, delivery at the standard rate; no VAT when not registered. */
export function trailerReceiptBody(
  source: ReceiptSource,
  items: ReceiptItemRow[],
  suppliedAt: string,
): ReceiptBody {
  const issuer = trailerIssuer(source);
  const registered = issuer.vatNumber !== null;
  const lines: ReceiptLine[] = [];
  const parts: VatPart[] = [];
  for (const item of items) {
    const itemParts = itemVatParts(item);
    parts.push(...itemParts);
    const extras = addonsOf(item)
      .map((addon) => addon.name)
      .join(", ");
    const rates = [...new Set(itemParts.map((part) => part.rate))];
    lines.push({
      description: extras ? `${item.name} (${extras})` : item.name,
      quantity: item.quantity,
      unitPence: item.unit_price_pence,
      amountPence: item.total_pence,
      vatRate: registered ? (rates.length === 1 ? rates[0]! : Math.max(...rates)) : null,
      vatPence: registered ? itemParts.reduce((sum, part) => sum + part.vatPence, 0) : null,
    });
  }
  if (source.delivery_fee_pence > 0) {
    const vat = vatIncluded(source.delivery_fee_pence, STANDARD);
    parts.push({ rate: STANDARD, grossPence: source.delivery_fee_pence, vatPence: vat });
    lines.push({
      description: "Delivery",
      quantity: 1,
      unitPence: source.delivery_fee_pence,
      amountPence: source.delivery_fee_pence,
      vatRate: registered ? STANDARD : null,
      vatPence: registered ? vat : null,
    });
  }
  const totalPence = lines.reduce((sum, line) => sum + line.amountPence, 0);
  const vat = registered ? summary(parts) : [];
  return {
    kind: kindFor(registered, totalPence),
    issuer,
    customerName:
      registered && totalPence > SIMPLIFIED_VAT_LIMIT_PENCE ? source.customer_name : null,
    suppliedAt,
    paymentMethod: source.payment_method,
    lines,
    vat,
    totalPence,
    vatPence: vat.reduce((sum, row) => sum + row.vatPence, 0),
    creditFor: null,
  };
}

/** The park's receipt for the service charge (standard-rated: a charge the customer must pay). */
export function parkReceiptBody(
  source: ReceiptSource,
  park: ParkBusiness,
  suppliedAt: string,
): ReceiptBody {
  const issuer = parkIssuer(park);
  const registered = issuer.vatNumber !== null;
  const gross = source.service_charge_pence;
  const vat = vatIncluded(gross, STANDARD);
  return {
    kind: kindFor(registered, gross),
    issuer,
    customerName: null,
    suppliedAt,
    paymentMethod: source.payment_method,
    lines: [
      {
        description: "Service charge",
        quantity: 1,
        unitPence: gross,
        amountPence: gross,
        vatRate: registered ? STANDARD : null,
        vatPence: registered ? vat : null,
      },
    ],
    vat: registered
      ? [{ rate: STANDARD, grossPence: gross, vatPence: vat, netPence: gross - vat }]
      : [],
    totalPence: gross,
    vatPence: registered ? vat : 0,
    creditFor: null,
  };
}

/**
 * A credit note for `amountPence` of a receipt: all of it mirrors the receipt; a part is shared across its VAT
 * rates in proportion (largest remainder, so the parts add up to the amount), each part's VAT by the one rule.
 */
export function creditNoteBody(
  receipt: ReceiptBody,
  receiptNumber: string,
  amountPence: number,
  issuedAt: string,
): ReceiptBody {
  const registered = receipt.issuer.vatNumber !== null && receipt.vat.length > 0;
  const whole = amountPence === receipt.totalPence;
  let vat = receipt.vat;
  if (registered && !whole) {
    const shares = receipt.vat.map((row) => (row.grossPence * amountPence) / receipt.totalPence);
    const floors = shares.map(Math.floor);
    let left = amountPence - floors.reduce((sum, value) => sum + value, 0);
    const order = shares
      .map((share, index) => ({ index, rest: share - Math.floor(share) }))
      .sort((a, b) => b.rest - a.rest);
    for (const { index } of order) if (left-- > 0) floors[index]! += 1;
    vat = receipt.vat.map((row, index) => {
      const gross = floors[index]!;
      const vatPence = vatIncluded(gross, row.rate);
      return { rate: row.rate, grossPence: gross, vatPence, netPence: gross - vatPence };
    });
  }
  const vatPence = registered ? vat.reduce((sum, row) => sum + row.vatPence, 0) : 0;
  return {
    ...receipt,
    kind: "credit_note",
    suppliedAt: issuedAt,
    lines: whole
      ? receipt.lines
      : [
          {
            description: `Refund against ${receiptNumber}`,
            quantity: 1,
            unitPence: amountPence,
            amountPence,
            vatRate: null,
            vatPence: registered ? vatPence : null,
          },
        ],
    vat: registered ? vat : [],
    totalPence: amountPence,
    vatPence,
    creditFor: receiptNumber,
  };
}

/** "FORNO-FUOCO-000012". */
export const receiptNumber = (prefix: string, number: number) =>
  `${prefix}-${String(number).padStart(6, "0")}`;
