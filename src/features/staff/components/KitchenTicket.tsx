import { CUSTOMER_NOTIFIED_TEXT, NOT_SEEN_TEXT } from "@contract/kitchen";
import { allowedNextStatuses } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";
import { CANCEL_REASONS, type CancelReason } from "@contract/orders";
import { memo, useId, useState } from "react";
import { Icon } from "@/components/Icon";
import { formatPence } from "@/lib/money";
import { orderTypeIcon, orderTypeLabel } from "@/lib/order-display";
import { formatTime } from "@/lib/time";
import {
  type Lane,
  promisedAt,
  START_NOW_TEXT,
  startsNow,
  stepOf,
  type Ticket,
  type TrailerTiming,
} from "../lib/kitchen";
import { TicketAge } from "./TicketAge";
import { TicketStart } from "./TicketStart";

interface Props {
  ticket: Ticket;
  lane: Lane;
  thresholds: TrailerTiming;
  /** The server's clock minus the tablet's (ms): ages and due times count from the server's instants. */
  serverOffsetMs: number;
  busy: boolean;
  ringing: boolean;
  /** Every trailer on one screen: each ticket names its trailer. */
  showVendor: boolean;
  onStep(ticket: Ticket, to: OrderStatus, reason?: CancelReason): void;
  onToggleLine(ticket: Ticket, lineId: number): void;
}

function CarLine({ vehicle }: { vehicle: Ticket["vehicle"] }) {
  if (!vehicle) return null;
  return (
    <p className="ticket__car">
      <Icon name="car" size={20} />
      <span>
        {[vehicle.colour, vehicle.make].filter(Boolean).join(" ")}{" "}
        <strong className="ticket__plate">{vehicle.registrationNumber}</strong>
      </span>
    </p>
  );
}

function MoreMenu({
  ticket,
  busy,
  onCancel,
}: {
  ticket: Ticket;
  busy: boolean;
  onCancel(reason: CancelReason): void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason>(CANCEL_REASONS[0]);
  const name = useId();
  if (!open)
    return (
      <button
        type="button"
        className="btn btn--secondary ticket__more"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <span>More</span>
        <span className="visually-hidden"> for order #{ticket.orderNumber}</span>
      </button>
    );
  return (
    <fieldset className="ticket__cancel">
      <legend>Cancel order #{ticket.orderNumber}? The customer is told.</legend>
      {CANCEL_REASONS.map((choice) => (
        <label key={choice} className="ticket__reason">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={reason === choice}
            onChange={() => setReason(choice)}
          />
          <span>{choice}</span>
        </label>
      ))}
      <div className="ticket__cancel-actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => onCancel(reason)}
        >
          <span>Cancel order</span>
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
          <span>Keep order</span>
        </button>
      </div>
    </fieldset>
  );
}

/** One order as the kitchen reads it at arm's length: number, name, what to make, allergies, time, one next step. */
export const KitchenTicket = memo(function KitchenTicket({
  ticket,
  lane,
  thresholds,
  serverOffsetMs,
  busy,
  ringing,
  showVendor,
  onStep,
  onToggleLine,
}: Props) {
  const step = stepOf(ticket);
  const allergy = ticket.allergyNote?.trim() ?? "";
  const titleId = `ticket-${ticket.orderId}`;
  const due = promisedAt(ticket) - serverOffsetMs;
  const cancellable = allowedNextStatuses(ticket.status, ticket.orderType).includes("cancelled");

  return (
    <article
      className={`ticket ticket--${lane}${ringing ? " ticket--ringing" : ""}`}
      aria-labelledby={titleId}
      data-order-id={ticket.orderId}
      data-status={ticket.status}
      tabIndex={-1}
    >
      <header className="ticket__head">
        <h3 id={titleId} className="ticket__number">
          #{ticket.orderNumber}
        </h3>
        <span className="ticket__name">{ticket.firstName}</span>
        <TicketAge since={Date.parse(ticket.ageFrom) - serverOffsetMs} thresholds={thresholds} />
      </header>

      <p className="ticket__meta">
        <span className="ticket__type">
          <Icon name={orderTypeIcon(ticket.orderType)} size={18} />
          {orderTypeLabel(ticket.orderType)}
        </span>
        <span className="ticket__due">
          Due <time dateTime={new Date(due).toISOString()}>{formatTime(due)}</time>
        </span>
        {showVendor && <span className="ticket__vendor">{ticket.vendorName}</span>}
      </p>
      {lane === "new" && startsNow(ticket, Date.now() + serverOffsetMs) && (
        <p className="ticket__start ticket__start--now">{START_NOW_TEXT}</p>
      )}
      {lane === "later" && ticket.startAt && (
        <TicketStart
          startAt={Date.parse(ticket.startAt) - serverOffsetMs}
          preparationTime={thresholds.preparationTime}
        />
      )}
      {ticket.toPayPence !== null && ticket.status === "pending_payment" && (
        <p className="ticket__to-pay">To pay {formatPence(ticket.toPayPence)}</p>
      )}
      <CarLine vehicle={ticket.vehicle} />

      {allergy && (
        <p className="ticket__allergy" role="note">
          <Icon name="alert" size={22} />
          <span>
            <strong>Allergy:</strong> {allergy}
          </span>
        </p>
      )}

      <ul className="ticket__lines" aria-label={`Items of order #${ticket.orderNumber}`}>
        {ticket.lines.map((line) => (
          <li key={line.id}>
            <button
              type="button"
              className={`ticket__line${line.made ? " ticket__line--done" : ""}`}
              aria-pressed={line.made}
              onClick={() => onToggleLine(ticket, line.id)}
            >
              <span className="ticket__qty">{line.quantity} ×</span>
              <span className="ticket__dish">
                {line.name}
                {line.note && (
                  <span className="ticket__line-flag">
                    <Icon name="alert" size={14} /> see allergy
                  </span>
                )}
              </span>
            </button>
            {line.addons.length > 0 && (
              <ul className="ticket__addons" aria-label={`Add-ons for ${line.name}`}>
                {line.addons.map((addon) => (
                  <li key={`${addon.groupName}-${addon.name}`} title={addon.groupName}>
                    {addon.name}
                    {addon.quantity > 1 ? ` × ${addon.quantity}` : ""}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>

      {ticket.deliveryInstructions && <p className="ticket__note">{ticket.deliveryInstructions}</p>}
      {ticket.siblings.length > 0 && (
        <p className="ticket__siblings">
          Same basket:{" "}
          {ticket.siblings.map((sibling, index) => (
            <span key={sibling.orderId}>
              {index > 0 && ", "}
              {sibling.vendorName} #{sibling.orderNumber}
            </span>
          ))}
        </p>
      )}
      {ticket.status === "ready" && ticket.notice && (
        <p className={`ticket__notified ticket__notified--${ticket.notice.state}`}>
          {ticket.notice.state === "notified" ? CUSTOMER_NOTIFIED_TEXT : NOT_SEEN_TEXT}
          {ticket.notice.via && ` (${ticket.notice.via})`}
        </p>
      )}

      <div className="ticket__actions">
        {step && (
          <button
            type="button"
            className="btn btn--primary ticket__step"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => onStep(ticket, step.to)}
          >
            <span>{step.label}</span>
            <span className="visually-hidden"> order #{ticket.orderNumber}</span>
          </button>
        )}
        {cancellable && (
          <MoreMenu
            ticket={ticket}
            busy={busy}
            onCancel={(reason) => onStep(ticket, "cancelled", reason)}
          />
        )}
      </div>
    </article>
  );
});
