/**
 * The park manager's report (contract/report.ts): for a range of days in UK time, per trailer, figures summed
 * from the orders, their receipts, the transfer ledger and the park-operations audit. A park manager sees every
 * trailer, trailer staff only theirs. Figures are sums of stored pence, so the totals equal the orders and the
 * provider's transfers to the penny.
 */
import { parkDay } from "@contract/park-clock";
import { REPORT_DAYS_MAX, type Report, type ReportQuery, type ReportRow } from "@contract/report";
import type { Database } from "@server/db/database.js";
import { reportsRepository } from "@server/db/repositories/reports.js";
import { InvalidInput, LimitReached } from "@server/domain-errors.js";
import { scopeVendorIds, staffScope } from "../staff-scope.js";
import { pausedAndSoldOutMinutes } from "./audit-minutes.js";

const DAY_MS = 86_400_000;

/** The range asked for, checked: from ≤ to, at most 366 days (422 naming the range). */
export function reportRange(query: ReportQuery, now: Date): { from: string; to: string } {
  const from = query.from ?? parkDay(now);
  const to = query.to ?? from;
  if (to < from) throw new InvalidInput(`The report cannot end (${to}) before it starts (${from})`);
  const days =
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > REPORT_DAYS_MAX)
    throw new LimitReached(
      `A report covers at most ${REPORT_DAYS_MAX} days: ${from} to ${to} is ${days} days. Please choose a shorter range.`,
    );
  return { from, to };
}

const emptyRow = (vendorId: number | null, trailer: string): ReportRow => ({
  vendorId,
  trailer,
  orders: 0,
  cancelled: 0,
  items: 0,
  cardPence: 0,
  cashPence: 0,
  refundsPence: 0,
  serviceChargePence: 0,
  vatPence: 0,
  owedPence: 0,
  owedBackPence: 0,
  transferredPence: 0,
  averagePrepMinutes: null,
  quotedFromMinutes: null,
  quotedToMinutes: null,
  pausedMinutes: 0,
  soldOutMinutes: 0,
});

const SUMMED = [
  "orders",
  "cancelled",
  "items",
  "cardPence",
  "cashPence",
  "refundsPence",
  "serviceChargePence",
  "vatPence",
  "owedPence",
  "owedBackPence",
  "transferredPence",
  "pausedMinutes",
  "soldOutMinutes",
] as const;

const tenths = (minutes: number) => Math.round(minutes * 10) / 10;

/** The average preparation time and, for the same orders, the average window each was quoted at placement. */
const prepAgainstQuote = (prep: { average: number; quoted_from: number; quoted_at: number }) => ({
  averagePrepMinutes: tenths(prep.average),
  quotedFromMinutes: tenths(prep.quoted_from),
  quotedToMinutes: tenths(prep.quoted_at),
});

export function createReportService(deps: { db: Database; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  return {
    async report(staff: { id: number }, query: ReportQuery): Promise<Report> {
      const { from, to } = reportRange(query, now());
      const scope = await staffScope(deps.db, staff.id);
      const repo = reportsRepository(deps.db);
      const range = await repo.bounds(from, to);
      const vendors = await repo.vendors(scopeVendorIds(scope));
      const ids = vendors.map((vendor) => vendor.id);
      const rows = new Map(vendors.map((vendor) => [vendor.id, emptyRow(vendor.id, vendor.name)]));
      for (const sums of await repo.orderSums(ids, range)) {
        const row = rows.get(sums.vendor_id)!;
        row.orders = sums.orders;
        row.cancelled = sums.cancelled;
        row.items = sums.items;
        row.cardPence = sums.card_pence;
        row.cashPence = sums.cash_pence;
        row.serviceChargePence = sums.service_charge_pence;
      }
      for (const sums of await repo.receiptSums(ids, range)) {
        const row = rows.get(sums.vendor_id)!;
        row.refundsPence = sums.refunds_pence;
        row.vatPence = sums.vat_pence;
      }
      for (const sums of await repo.transferSums(ids, range)) {
        const row = rows.get(sums.vendor_id)!;
        row.owedPence = sums.owed_pence;
        row.owedBackPence = sums.owed_back_pence;
        row.transferredPence = sums.transferred_pence;
      }
      for (const prep of await repo.prepMinutes(ids, range))
        Object.assign(rows.get(prep.vendor_id)!, prepAgainstQuote(prep));
      const audit = await repo.audit(ids, range.end);
      const until = new Date(Math.min(range.end.getTime(), now().getTime()));
      for (const row of rows.values()) {
        const minutes = pausedAndSoldOutMinutes(
          audit.filter((entry) => entry.vendor_id === row.vendorId),
          range.start,
          until,
        );
        row.pausedMinutes = minutes.paused;
        row.soldOutMinutes = minutes.soldOut;
      }
      const list = [...rows.values()];
      const totals = emptyRow(null, scope === "all" ? "Park total" : "Total");
      for (const row of list) for (const field of SUMMED) totals[field] += row[field];
      const [ready] = await repo.prepMinutes(ids, range, true);
      if (ready) Object.assign(totals, prepAgainstQuote(ready));
      return { from, to, rows: list, totals, allTrailers: scope === "all" };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
