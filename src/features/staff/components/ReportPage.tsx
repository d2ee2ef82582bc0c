import { parkDay } from "@contract/park-clock";
import { REPORT_COLUMNS, type ReportRow, reportCell, reportCsv } from "@contract/report";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Spinner } from "@/components/Spinner";
import { ApiError } from "@/lib/api-client";
import { brand } from "@/lib/brand";
import { formatPence } from "@/lib/money";
import { staffReportQuery } from "../api/report-api";
import "../staff.css";

/** YYYY-MM-DD in the park's time zone, `daysAgo` days before today. */
const parkDate = (daysAgo = 0): string =>
  parkDay(Date.now() - daysAgo * 86_400_000, brand.timezone);

function cellText(row: ReportRow, column: (typeof REPORT_COLUMNS)[number]): string {
  const value = row[column.field];
  if (column.format === "pounds") return formatPence(value as number);
  if (column.format === "minutes") return value === null ? "—" : `${reportCell(row, column)}`;
  return String(value ?? "");
}

function downloadCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** /staff/report: the park manager's day (or range) per trailer, with the park's totals and a CSV export. */
export function ReportPage() {
  const id = useId();
  const [from, setFrom] = useState(parkDate());
  const [to, setTo] = useState(parkDate());
  const report = useQuery(staffReportQuery(from, to));
  const data = report.data;
  const choose = (start: string, end: string) => {
    setFrom(start);
    setTo(end);
  };
  const name = from === to ? from : `${from}_to_${to}`;
  return (
    <div className="staff-board report">
      <header className="staff-board__bar">
        <div className="staff-board__title">
          <h1>Report</h1>
          <p className="staff-board__count">
            {data
              ? data.allTrailers
                ? "Park manager: every trailer"
                : "Your trailers"
              : "Takings, VAT, payouts and service per trailer"}
            {report.isFetching && <Spinner size={16} />}
          </p>
        </div>
        <div className="staff-board__controls report__controls">
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to}
              onChange={(event) => event.target.value && setFrom(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from}
              onChange={(event) => event.target.value && setTo(event.target.value)}
            />
          </div>
          <div className="trailer-buttons">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => choose(parkDate(), parkDate())}
            >
              Today
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => choose(parkDate(1), parkDate(1))}
            >
              Yesterday
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => choose(parkDate(6), parkDate())}
            >
              Last 7 days
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!data}
              onClick={() => data && downloadCsv(reportCsv(data), `food-park-report-${name}.csv`)}
            >
              Export CSV
            </button>
          </div>
        </div>
      </header>
      {report.isError && (
        <div className="error-box" role="alert">
          {report.error instanceof ApiError
            ? report.error.message
            : "The report could not be loaded."}
        </div>
      )}
      {data ? (
        // A wide table scrolls inside its box: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
        <section className="report__scroll" aria-label="Report per trailer" tabIndex={0}>
          <table className="report__table">
            <caption className="visually-hidden">
              Per trailer from {data.from} to {data.to} (UK time)
            </caption>
            <thead>
              <tr>
                {REPORT_COLUMNS.map((column) => (
                  <th
                    key={column.field}
                    scope="col"
                    className={column.format === "text" ? "" : "num"}
                  >
                    {column.short ? (
                      <abbr title={column.header}>{column.short}</abbr>
                    ) : (
                      column.header
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.vendorId ?? "total"}>
                  {REPORT_COLUMNS.map((column, index) =>
                    index === 0 ? (
                      <th key={column.field} scope="row">
                        {row.trailer}
                      </th>
                    ) : (
                      <td
                        key={column.field}
                        className={`${column.format === "text" ? "" : "num"}${
                          (column.field === "owedBackPence" || column.field === "owedPence") &&
                          (row[column.field] as number) > 0
                            ? " report__owed"
                            : ""
                        }`}
                      >
                        {cellText(row, column)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                {REPORT_COLUMNS.map((column, index) =>
                  index === 0 ? (
                    <th key={column.field} scope="row">
                      {data.totals.trailer}
                    </th>
                  ) : (
                    <td key={column.field} className={column.format === "text" ? "" : "num"}>
                      {cellText(data.totals, column)}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          </table>
        </section>
      ) : (
        !report.isError && <Spinner size={24} label="Loading the report" />
      )}
      <p className="trailer-hint report__hint">
        Takings are what customers paid for each trailer's orders (service charge included; the park
        keeps it). Owed: card takings not yet paid out (no payout account, or waiting). Owed back:
        refunds the trailer's account could not cover.
      </p>
    </div>
  );
}

export default ReportPage;
