import { penceToPounds } from "@contract/money";
import { brand } from "./brand";

// Made on first use, not when the module loads: the first currency formatter of a page costs a phone tens of
// milliseconds (locale data), which the trailer list, loading this module behind its first screen, never needs.
let currencyFormatter: Intl.NumberFormat | undefined;
const formatter = () =>
  (currencyFormatter ??= new Intl.NumberFormat(brand.locale, {
    style: "currency",
    currency: brand.currency,
  }));

/** Integer pence → '£12.50'. The only place money is formatted. */
export function formatPence(pence: number): string {
  return formatter().format(penceToPounds(pence));
}

/** A pounds amount from the wire (number or '1.50' string) → '£1.50'. */
export function formatPounds(pounds: number | string): string {
  const value = typeof pounds === "string" ? Number.parseFloat(pounds) : pounds;
  return formatter().format(Number.isFinite(value) ? value : 0);
}

/** Pounds (number or string) → integer pence, without float drift. */
export function poundsToPence(pounds: number | string): number {
  const value = typeof pounds === "string" ? Number.parseFloat(pounds) : pounds;
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** The wire's pounds, from contract/money (re-exported so the UI has one money module). */
export { penceToPounds };
