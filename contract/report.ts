/**
 * The park manager's day (or any range of days, UK time): per trailer its orders, items, takings by card and cash,
 * refunds, service charges, VAT, what it is owed and what has been transferred, preparation time against the
 * time quoted, and minutes paused or with something sold out; then the park's totals. The screen and the CSV
 * export read the same columns from here.
 */
import * as z from "zod/mini";

/** A report covers at most this many days (a year, leap day included). */
export const REPORT_DAYS_MAX = 366;

const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD"),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Not a real date"),
);

export const reportQuerySchema = z.object({
  /** First day, UK time (default today). */
  from: z.optional(isoDate),
  /** Last day, inclusive (default: the first day). */
  to: z.optional(isoDate),
  /** csv: the same report as a CSV file (the Export button). */
  format: z.optional(z.enum(["json", "csv"], { error: "format is json or csv" })),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  vendorId: z.nullable(z.number()),
  trailer: z.string(),
  orders: z.number(),
  cancelled: z.number(),
  items: z.number(),
  cardPence: z.number(),
  cashPence: z.number(),
  refundsPence: z.number(),
  serviceChargePence: z.number(),
  vatPence: z.number(),
  /** Card takings still owed to the trailer (held without a payout account, or not sent yet). */
  owedPence: z.number(),
  /** Reversals the trailer's balance could not cover: owed back to the park. */
  owedBackPence: z.number(),
  /** Sent to the trailer's account, less reversals. */
  transferredPence: z.number(),
  /** Average minutes from confirmed (placed, or paid for cash) to ready (null: nothing was ready). */
  averagePrepMinutes: z.nullable(z.number()),
  /** For the same orders, the average window quoted to each customer at placement: from … */
  quotedFromMinutes: z.nullable(z.number()),
  /** … to (the time the order was promised by). */
  quotedToMinutes: z.nullable(z.number()),
  pausedMinutes: z.number(),
  soldOutMinutes: z.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(reportRowSchema),
  totals: reportRowSchema,
  /** True for a park manager (every trailer). */
  allTrailers: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

type Format = "count" | "pounds" | "minutes" | "text";
/** The columns, in order, for the screen and the CSV: header, field, how it is written. */
export interface ReportColumn {
  header: string;
  /** What the screen's narrow column says (the CSV keeps `header`). */
  short?: string;
  field: keyof ReportRow;
  format: Format;
}
export const REPORT_COLUMNS: readonly ReportColumn[] = [
  { header: "Trailer", field: "trailer", format: "text" },
  { header: "Orders", field: "orders", format: "count" },
  { header: "Cancelled", field: "cancelled", format: "count" },
  { header: "Items", field: "items", format: "count" },
  { header: "Card takings (£)", short: "Card", field: "cardPence", format: "pounds" },
  { header: "Cash takings (£)", short: "Cash", field: "cashPence", format: "pounds" },
  { header: "Refunds (£)", short: "Refunds", field: "refundsPence", format: "pounds" },
  {
    header: "Service charges (£)",
    short: "Service",
    field: "serviceChargePence",
    format: "pounds",
  },
  { header: "VAT (£)", short: "VAT", field: "vatPence", format: "pounds" },
  { header: "Owed to trailer (£)", short: "Owed", field: "owedPence", format: "pounds" },
  {
    header: "Owed back by trailer (£)",
    short: "Owed back",
    field: "owedBackPence",
    format: "pounds",
  },
  { header: "Transferred (£)", short: "Paid out", field: "transferredPence", format: "pounds" },
  {
    header: "Average prep (min)",
    short: "Avg prep",
    field: "averagePrepMinutes",
    format: "minutes",
  },
  {
    header: "Quoted prep from (min)",
    short: "Quoted from",
    field: "quotedFromMinutes",
    format: "minutes",
  },
  {
    header: "Quoted prep to (min)",
    short: "Quoted to",
    field: "quotedToMinutes",
    format: "minutes",
  },
  { header: "Minutes paused", short: "Paused min", field: "pausedMinutes", format: "count" },
  {
    header: "Minutes with items sold out",
    short: "Sold-out min",
    field: "soldOutMinutes",
    format: "count",
  },
];

/** A cell as the CSV writes it: pounds with two decimals, minutes with one, counts whole. */
export function reportCell(row: ReportRow, column: (typeof REPORT_COLUMNS)[number]): string {
  const value = row[column.field];
  if (value === null) return "";
  if (column.format === "pounds") return ((value as number) / 100).toFixed(2);
  if (column.format === "minutes") return (value as number).toFixed(1);
  return String(value);
}

/** Quoted when needed; text a spreadsheet would run as a formula starts with an apostrophe. */
function csvField(raw: string): string {
  const value = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n']/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV export: UTF-8, one header row, a row per trailer, then the park's totals. */
export function reportCsv(report: Report): string {
  const lines = [REPORT_COLUMNS.map((column) => csvField(column.header)).join(",")];
  for (const row of [...report.rows, report.totals])
    lines.push(REPORT_COLUMNS.map((column) => csvField(reportCell(row, column))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
