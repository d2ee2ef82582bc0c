import type { OrderStatus, PaymentMethod } from "@contract/orders";

export interface TimelineStep {
  label: string;
  done: boolean;
  /** The step the order's current status matches (the last one done): where the order is now. */
  current: boolean;
  /** After the current step: still to come. */
  upcoming: boolean;
  /** What the current step says in words beside its colour: 'now', or for unpaid cash 'Pay at the counter'. */
  note: string | null;
  /** Marked red (a cancelled order's last step). */
  cancelled: boolean;
}

export const NOW_NOTE = "now";
export const PAY_AT_COUNTER_NOTE = "Pay at the counter";

/** How far along an order is; delivered and completed are the same end. */
const PROGRESS: Record<OrderStatus, number> = {
  pending: 0,
  pending_payment: 1,
  confirmed: 2,
  preparing: 3,
  ready: 4,
  delivered: 5,
  completed: 5,
  cancelled: -1,
};

const reached = (status: OrderStatus, step: OrderStatus) => PROGRESS[status] >= PROGRESS[step];

type StepRule = Pick<TimelineStep, "label" | "done">;

/**
 * The spec's steps and done rules stay as they are; the current step is the last one done (the one the status
 * matches), the steps after it are upcoming. A cancelled order shown without cancelled handling has no current step.
 */
function withCurrent(
  status: OrderStatus,
  steps: StepRule[],
  currentNote: (label: string) => string | null,
): TimelineStep[] {
  const current = status === "cancelled" ? -1 : steps.findLastIndex((step) => step.done);
  const finished = status === "delivered" || status === "completed";
  return steps.map((step, index) => ({
    ...step,
    current: index === current,
    upcoming: current >= 0 && index > current,
    note: index === current && !finished ? currentNote(step.label) : null,
    cancelled: false,
  }));
}

/** The product spec (docs/product-spec.md § States and transitions), card and other orders. */
function cardSteps(status: OrderStatus): TimelineStep[] {
  return withCurrent(
    status,
    [
      { label: "Order Placed", done: true },
      { label: "Order Confirmed", done: status !== "pending" },
      { label: "Preparing", done: reached(status, "preparing") },
      { label: "Ready for Pickup", done: reached(status, "ready") },
      { label: "Delivered", done: status === "delivered" || status === "completed" },
    ],
    () => NOW_NOTE,
  );
}

/** The product spec (docs/product-spec.md § States and transitions), cash_at_counter orders. */
function cashSteps(status: OrderStatus): TimelineStep[] {
  return withCurrent(
    status,
    [
      { label: "Order Placed", done: true },
      { label: "Pending Payment", done: reached(status, "pending_payment") },
      { label: "Order Confirmed", done: reached(status, "confirmed") },
      { label: "Preparing", done: reached(status, "preparing") },
      { label: "Ready", done: reached(status, "ready") },
      { label: "Delivered", done: status === "delivered" || status === "completed" },
    ],
    (label) => (label === "Pending Payment" ? PAY_AT_COUNTER_NOTE : NOW_NOTE),
  );
}

const CANCELLED_STEPS: TimelineStep[] = [
  {
    label: "Order Placed",
    done: true,
    current: false,
    upcoming: false,
    note: null,
    cancelled: false,
  },
  {
    label: "Order Cancelled",
    done: true,
    current: false,
    upcoming: false,
    note: null,
    cancelled: true,
  },
];

/**
 * The tracking timeline. `handleCancelled` is true on the order details screen only (spec: the
 * /track-order view has no cancelled handling).
 */
export function timelineSteps(
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  options: { handleCancelled: boolean },
): TimelineStep[] {
  if (status === "cancelled" && options.handleCancelled) return CANCELLED_STEPS;
  return paymentMethod === "cash_at_counter" ? cashSteps(status) : cardSteps(status);
}
