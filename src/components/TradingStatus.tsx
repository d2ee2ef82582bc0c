import { isVendorOpen } from "@contract/vendor-rules";
import { type TradingFacts, tradingLine } from "@/lib/trading-line";

/** The spec's 'Open Now' (green) or 'Closed' (red) badge. */
export function TradingBadge({ status }: { status: string }) {
  const open = isVendorOpen(status);
  return (
    <span className={`badge status-badge ${open ? "badge--success" : "badge--danger"}`}>
      <span className="status-badge__dot" aria-hidden="true" />
      {open ? "Open Now" : "Closed"}
    </span>
  );
}

/** The badge with the one shared line beside it ('Busy — back at 12:45', 'Opens 11:00', 'Closes 21:00'). */
export function TradingStatus({ trailer }: { trailer: TradingFacts }) {
  const line = tradingLine(trailer);
  return (
    <span className="trading-status">
      <TradingBadge status={trailer.status} />
      {line && (
        <span className="trading-status__line" data-testid="trading-line">
          {line}
        </span>
      )}
    </span>
  );
}
