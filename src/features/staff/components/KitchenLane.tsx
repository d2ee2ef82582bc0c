import type { OrderStatus } from "@contract/orders";
import { memo } from "react";
import { Skeleton } from "@/components/Skeleton";
import type { Lane, Ticket, TrailerTiming } from "../lib/kitchen";
import { KitchenTicket } from "./KitchenTicket";

interface Props {
  lane: { id: Lane; title: string };
  tickets: readonly Ticket[];
  loading: boolean;
  thresholds: ReadonlyMap<number, TrailerTiming>;
  defaultThresholds: TrailerTiming;
  serverOffsetMs: number;
  busy: ReadonlySet<number>;
  ringing: ReadonlySet<number>;
  showVendor: boolean;
  onStep(ticket: Ticket, to: OrderStatus, reason?: string): void;
  onToggleLine(ticket: Ticket, lineId: number): void;
}

/**
 * A lane redraws only when its own tickets change, or a ticket of its own starts or stops ringing or being busy:
 * a new order in New leaves Preparing and Ready alone (each ticket is memoised as well).
 */
function sameLane(before: Props, after: Props): boolean {
  for (const key of Object.keys(after) as (keyof Props)[]) {
    if (key === "busy" || key === "ringing") continue;
    if (before[key] !== after[key]) return false;
  }
  return after.tickets.every(
    ({ orderId }) =>
      before.busy.has(orderId) === after.busy.has(orderId) &&
      before.ringing.has(orderId) === after.ringing.has(orderId),
  );
}

export const KitchenLane = memo(function KitchenLane({
  lane,
  tickets,
  loading,
  thresholds,
  defaultThresholds,
  serverOffsetMs,
  busy,
  ringing,
  showVendor,
  onStep,
  onToggleLine,
}: Props) {
  return (
    <section
      className={`kitchen-lane kitchen-lane--${lane.id}`}
      data-lane={lane.id}
      aria-labelledby={`lane-${lane.id}`}
    >
      <h2 id={`lane-${lane.id}`} className="kitchen-lane__title">
        {lane.title} <span className="kitchen-lane__count">{tickets.length}</span>
      </h2>
      <div className="kitchen-lane__tickets">
        {loading && lane.id === "new" && <Skeleton height={220} radius={14} />}
        {tickets.map((ticket) => (
          <KitchenTicket
            key={ticket.orderId}
            ticket={ticket}
            lane={lane.id}
            thresholds={thresholds.get(ticket.vendorId) ?? defaultThresholds}
            serverOffsetMs={serverOffsetMs}
            busy={busy.has(ticket.orderId)}
            ringing={ringing.has(ticket.orderId)}
            showVendor={showVendor}
            onStep={onStep}
            onToggleLine={onToggleLine}
          />
        ))}
        {!loading && tickets.length === 0 && (
          <p className="kitchen-lane__empty">{lane.id === "new" ? "No new orders" : "None"}</p>
        )}
      </div>
    </section>
  );
}, sameLane);
