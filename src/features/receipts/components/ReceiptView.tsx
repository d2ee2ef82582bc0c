import type { Receipt } from "@contract/receipts";
import { formatPence } from "@/lib/money";
import { formatDate, formatTime } from "@/lib/time";

/** Lines with stable keys (two lines may read the same: the same dish with different notes). */
function keyed<T extends { description: string }>(lines: readonly T[]): [string, T][] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const count = (seen.get(line.description) ?? 0) + 1;
    seen.set(line.description, count);
    return [`${line.description}#${count}`, line];
  });
}

/** One receipt as printed: issuer, number, time of supply, lines, and per VAT rate the amount and the VAT. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { issuer } = receipt;
  const vatShown = receipt.vat.length > 0;
  return (
    <article className="receipt card" aria-labelledby={`receipt-${receipt.id}`}>
      <header className="receipt__head">
        <h2 id={`receipt-${receipt.id}`}>{receipt.title}</h2>
        <p className="receipt__number">No. {receipt.number}</p>
      </header>
      <address className="receipt__issuer">
        <strong>{issuer.legalName}</strong>
        {issuer.legalName !== issuer.name && <span>trading as {issuer.name}</span>}
        {issuer.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {issuer.postcode && <span>{issuer.postcode}</span>}
        {issuer.vatNumber && <span>VAT reg. no. {issuer.vatNumber}</span>}
      </address>
      <dl className="receipt__facts">
        <div>
          <dt>{receipt.kind === "credit_note" ? "Issued" : "Time of supply"}</dt>
          <dd>
            {formatDate(receipt.suppliedAt)} {formatTime(receipt.suppliedAt)}
          </dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>#{receipt.orderId}</dd>
        </div>
        <div>
          <dt>Paid by</dt>
          <dd>{receipt.paymentMethod === "stripe" ? "Card" : "Cash"}</dd>
        </div>
        {receipt.creditFor && (
          <div>
            <dt>Credit for</dt>
            <dd>{receipt.creditFor}</dd>
          </div>
        )}
        {receipt.customerName && (
          <div>
            <dt>Customer</dt>
            <dd>{receipt.customerName}</dd>
          </div>
        )}
      </dl>
      <table className="receipt__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            {vatShown && (
              <th scope="col" className="num">
                VAT
              </th>
            )}
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {keyed(receipt.lines).map(([key, line]) => (
            <tr key={key}>
              <td>{line.description}</td>
              <td className="num">{line.quantity}</td>
              {vatShown && (
                <td className="num">{line.vatRate === null ? "" : `${line.vatRate}%`}</td>
              )}
              <td className="num">{formatPence(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="receipt__total">
            <th scope="row" colSpan={vatShown ? 3 : 2}>
              {receipt.kind === "credit_note" ? "Credited" : "Total"}
              {vatShown ? " incl. VAT" : ""}
            </th>
            <td className="num">{formatPence(receipt.totalPence)}</td>
          </tr>
        </tfoot>
      </table>
      {vatShown && (
        <table className="receipt__vat">
          <caption>VAT summary</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col" className="num">
                Incl. VAT
              </th>
              <th scope="col" className="num">
                VAT
              </th>
              <th scope="col" className="num">
                Excl. VAT
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.vat.map((row) => (
              <tr key={row.rate}>
                <td>{row.rate}%</td>
                <td className="num">{formatPence(row.grossPence)}</td>
                <td className="num">{formatPence(row.vatPence)}</td>
                <td className="num">{formatPence(row.netPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!issuer.vatNumber && <p className="receipt__note">Not VAT-registered: no VAT charged.</p>}
    </article>
  );
}
