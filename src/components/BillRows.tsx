import { type BillAmounts, billRows } from "@contract/bill";
import { formatPence } from "../lib/money";

/** The bill's rows inside a `<dl>` (contract/bill.ts decides which show); the Total row gets `totalClassName`. */
export function BillRows({ bill, totalClassName }: { bill: BillAmounts; totalClassName: string }) {
  return (
    <>
      {billRows(bill).map((row) => (
        <div key={row.label} className={row.label === "Total" ? totalClassName : undefined}>
          <dt>{row.label}</dt>
          <dd>{formatPence(row.pence)}</dd>
        </div>
      ))}
    </>
  );
}
