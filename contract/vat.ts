/**
 * VAT in pence, with ONE rounding rule: prices include VAT, and the VAT of each order line is worked out per rate
 * on that line's amount, rounded half up to the penny (gross × rate ÷ (100 + rate)); an order's, a receipt's and a
 * report's VAT are sums of those line figures, never recomputed from a total. A receipt's lines therefore always
 * add up to what was charged, and its VAT to the sum of its lines' VAT.
 */
import type { VatRate } from "./business";

/** The VAT included in `grossPence` at `rate` per cent, rounded half up (gross ≥ 0). */
export function vatIncluded(grossPence: number, rate: number): number {
  if (rate === 0 || grossPence <= 0) return 0;
  const divisor = 100 + rate;
  return Math.floor((2 * grossPence * rate + divisor) / (2 * divisor));
}

/** One part of a line at one rate (an item and its add-ons may differ, e.g. a cake added to a coffee). */
export interface VatPart {
  rate: VatRate;
  grossPence: number;
  vatPence: number;
}

/** A stored line: its item's rate, and each add-on's price per unit and rate (a portion is the item itself). */
export interface VatLine {
  quantity: number;
  totalPence: number;
  vatRate: VatRate;
  addons: readonly { pricePence: number; vatRate: VatRate; isPortion: boolean }[];
}

/** A line's parts per rate: add-ons at their own rates, the rest (the item or its portion) at the item's. */
export function lineVatParts(line: VatLine): VatPart[] {
  const gross = new Map<VatRate, number>();
  let addonsPence = 0;
  for (const addon of line.addons) {
    if (addon.isPortion || addon.vatRate === line.vatRate) continue;
    const part = addon.pricePence * line.quantity;
    addonsPence += part;
    gross.set(addon.vatRate, (gross.get(addon.vatRate) ?? 0) + part);
  }
  gross.set(line.vatRate, (gross.get(line.vatRate) ?? 0) + line.totalPence - addonsPence);
  return [...gross]
    .filter(([, pence]) => pence > 0)
    .map(([rate, grossPence]) => ({ rate, grossPence, vatPence: vatIncluded(grossPence, rate) }));
}

/** Parts summed per rate, highest rate first (a receipt's VAT summary). */
export function sumByRate(parts: readonly VatPart[]): VatPart[] {
  const byRate = new Map<VatRate, VatPart>();
  for (const part of parts) {
    const sum = byRate.get(part.rate) ?? { rate: part.rate, grossPence: 0, vatPence: 0 };
    sum.grossPence += part.grossPence;
    sum.vatPence += part.vatPence;
    byRate.set(part.rate, sum);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
