import { isVendorOpen } from "@contract/vendor-rules";
import { type TradingFacts, tradingLine } from "@/lib/trading-line";

/** A trading state as a dotted badge: its word in the tone's colours (badge--success, badge--warning, badge--danger). */
export function StatusBadge({
  word,
  tone,
  testId,
}: {
  word: string;
  tone: string;
  testId?: string;
}) {
  return (
    <span className={`badge status-badge ${tone}`} data-testid={testId}>
      <span className="status-badge__dot" aria-hidden="true" />
      {word}
    </span>
  );
}

/** The spec's 'Open Now' (green) or 'Closed' (red) badge. */
export function TradingBadge({ status }: { status: string }) {
  const open = isVendorOpen(status);
  return open ? (
    <StatusBadge word="Open Now" tone="badge--success" />
  ) : (
    <StatusBadge word="Closed" tone="badge--danger" />
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
