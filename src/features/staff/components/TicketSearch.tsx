import { STATUS_LABEL } from "@contract/order-status";
import { useId, useState } from "react";
import { findByNumber, type Lane, laneOf, type Ticket } from "../lib/kitchen";

/** Find an order by its number: one tap into the field, type the digits, tap the match to jump to its ticket. */
export function TicketSearch({
  tickets,
  now,
  onReveal,
}: {
  tickets: readonly Ticket[];
  now: number;
  onReveal(ticket: Ticket, lane: Lane | null): void;
}) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const matches = findByNumber(tickets, query).slice(0, 6);
  return (
    <search className="ticket-search">
      <label htmlFor={inputId} className="visually-hidden">
        Find order number
      </label>
      <input
        id={inputId}
        type="search"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Find order #"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && matches[0]) {
            onReveal(matches[0], laneOf(matches[0], now));
            setQuery("");
          }
          if (event.key === "Escape") setQuery("");
        }}
      />
      {query.replace(/\D/g, "") && (
        <ul className="ticket-search__results" aria-label="Matching orders">
          {matches.length === 0 && (
            <li className="ticket-search__none">No open order #{query.replace(/\D/g, "")}</li>
          )}
          {matches.map((ticket) => {
            const lane = laneOf(ticket, now);
            return (
              <li key={ticket.orderId}>
                <button
                  type="button"
                  onClick={() => {
                    onReveal(ticket, lane);
                    setQuery("");
                  }}
                >
                  <strong>#{ticket.orderNumber}</strong> {STATUS_LABEL[ticket.status]}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </search>
  );
}
