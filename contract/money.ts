/**
 * Money conversions for client and server. Amounts are integer pence everywhere; pounds exist only on the wire
 * (the spec's number and '1.50' string fields). The UI formats £ only through src/lib/money.
 */

/** Throws unless `value` is whole, non-negative pence. */
export function assertPence(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${what} must be whole pence, got ${value}`);
}

/** Pounds for the wire's number fields (12.5 for 1250p). */
export const penceToPounds = (pence: number): number => Math.round(pence) / 100;

/** '1.50' for 150p, built from integers so no float rounding can creep in. */
export function penceToPriceString(pence: number): string {
  assertPence(pence, "Price");
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** '£1.50' for 150p, for text the server writes (messages, payment descriptions); the UI uses src/lib/money. */
export const penceToPoundsText = (pence: number): string => `£${penceToPounds(pence).toFixed(2)}`;
