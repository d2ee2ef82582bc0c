import { allowedNextStatuses, nextForwardStatus } from "@contract/order-status";
import type { Order, OrderStatus } from "@contract/orders";
import { useState } from "react";
import { AddonList } from "@/components/AddonList";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { StatusPill } from "@/components/StatusPill";
import { formatPence } from "@/lib/money";
import {
  ageLabel,
  orderLineAddons,
  orderTypeIcon,
  orderTypeLabel,
  paymentMethodLabel,
} from "@/lib/order-display";
import { formatTime } from "@/lib/time";
import { advanceLabel } from "../lib/board";

interface Props {
  order: Order;
  now: number;
  /** Set while this order's change is on its way. */
  busyStatus: OrderStatus | null;
  onChangeStatus(order: Order, status: OrderStatus): void;
}

function AllergyNote({ text, compact = false }: { text: string; compact?: boolean }) {
  return (
    <p className={`allergy-note${compact ? " allergy-note--compact" : ""}`} role="note">
      <Icon name="alert" size={compact ? 18 : 20} />
      <span>
        <strong>Allergy:</strong> {text}
      </span>
    </p>
  );
}

function CancelControl({
  order,
  busy,
  onConfirm,
}: {
  order: Order;
  busy: boolean;
  onConfirm(): void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        variant="secondary"
        className="staff-card__cancel"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Cancel order
      </Button>
    );
  }
  return (
    <fieldset className="staff-card__confirm">
      <legend>Cancel order #{order.id}?</legend>
      <div className="staff-card__confirm-actions">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {busy ? "Cancelling..." : "Yes, cancel"}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
          Keep order
        </Button>
      </div>
    </fieldset>
  );
}

/** One order as the kitchen needs it: what to make, allergies first, who and where, and the next move. */
export function StaffOrderCard({ order, now, busyStatus, onChangeStatus }: Props) {
  const next = nextForwardStatus(order.status, order.orderType);
  const canCancel = allowedNextStatuses(order.status, order.orderType).includes("cancelled");
  const busy = busyStatus !== null;
  const titleId = `staff-order-${order.id}`;
  // The order-level note repeats the lines' notes ('name: note; …'); shown first, the lines' notes again beside each item.
  const orderNote =
    order.allergyNote ||
    order.items
      .filter((item) => item.special_instructions)
      .map((item) => `${item.name}: ${item.special_instructions}`)
      .join("; ");

  return (
    <article
      className={`staff-card card staff-card--${order.status}`}
      aria-labelledby={titleId}
      data-order-id={order.id}
    >
      <header className="staff-card__head">
        <div>
          <h3 id={titleId} className="staff-card__title">
            #{order.id}
          </h3>
          {order.customerName && <p className="staff-card__customer">{order.customerName}</p>}
          <p className="staff-card__meta">
            <time dateTime={order.created_at}>{formatTime(order.created_at)}</time> ·{" "}
            {ageLabel(order.created_at, now)}
          </p>
        </div>
        <StatusPill status={order.status} size="large" />
      </header>

      {orderNote && <AllergyNote text={orderNote} />}

      <ul className="staff-card__items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span className="staff-card__qty">{item.quantity} ×</span>
            <div>
              <span className="staff-card__item">{item.name}</span>
              <AddonList addons={orderLineAddons(item)} label={`Add-ons for ${item.name}`} />
              {item.special_instructions && (
                <AllergyNote text={item.special_instructions} compact />
              )}
            </div>
          </li>
        ))}
      </ul>

      <dl className="staff-card__facts">
        <div>
          <dt>
            <Icon name={orderTypeIcon(order.orderType)} size={18} />
            <span className="visually-hidden">Order type</span>
          </dt>
          <dd>{orderTypeLabel(order.orderType)}</dd>
        </div>
        <div>
          <dt>
            <Icon name={order.paymentMethod === "cash_at_counter" ? "cash" : "card"} size={18} />
            <span className="visually-hidden">Payment</span>
          </dt>
          <dd>
            {paymentMethodLabel(order.paymentMethod)} · {formatPence(order.totalPence)}
            {order.status === "pending_payment" && (
              <strong className="staff-card__due"> · to collect</strong>
            )}
          </dd>
        </div>
        {order.vehicle && (
          <div className="staff-card__car">
            <dt>
              <Icon name="car" size={18} />
              <span className="visually-hidden">Car</span>
            </dt>
            <dd>
              <strong>{order.vehicle.registrationNumber}</strong>
              {[order.vehicle.colour, order.vehicle.make].filter(Boolean).length > 0 &&
                ` · ${[order.vehicle.colour, order.vehicle.make].filter(Boolean).join(" ")}`}
            </dd>
          </div>
        )}
        {order.deliveryInstructions && (
          <div>
            <dt>
              <Icon name="mapPin" size={18} />
              <span className="visually-hidden">Instructions</span>
            </dt>
            <dd>{order.deliveryInstructions}</dd>
          </div>
        )}
      </dl>

      {(next || canCancel) && (
        <div className="staff-card__actions">
          {next && (
            <Button
              variant="primary"
              block
              busy={busyStatus === next}
              disabled={busy}
              onClick={() => onChangeStatus(order, next)}
            >
              {busyStatus === next ? "Updating..." : advanceLabel(order.status, next)}
            </Button>
          )}
          {canCancel && (
            <CancelControl
              order={order}
              busy={busyStatus === "cancelled"}
              onConfirm={() => onChangeStatus(order, "cancelled")}
            />
          )}
        </div>
      )}
    </article>
  );
}
