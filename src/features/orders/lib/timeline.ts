import type { OrderStatus, PaymentMethod } from "../../../../contract/orders";

export interface TimelineStep {
  label: string;
  done: boolean;
  /** The first step not yet done: what is happening now. */
  current: boolean;
  /** Marked red (a cancelled order's last step). */
  cancelled: boolean;
}

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

function withCurrent(steps: Omit<TimelineStep, "current" | "cancelled">[]): TimelineStep[] {
  const firstOpen = steps.findIndex((step) => !step.done);
  return steps.map((step, index) => ({ ...step, current: index === firstOpen, cancelled: false }));
}

/** Spec section 4, card and other orders. */
function cardSteps(status: OrderStatus): TimelineStep[] {
  return withCurrent([
    { label: "Order Placed", done: true },
    { label: "Order Confirmed", done: status !== "pending" },
    { label: "Preparing", done: reached(status, "preparing") },
    { label: "Ready for Pickup", done: reached(status, "ready") },
    { label: "Delivered", done: status === "delivered" || status === "completed" },
  ]);
}

/** Spec section 4, cash_at_counter orders. */
function cashSteps(status: OrderStatus): TimelineStep[] {
  return withCurrent([
    { label: "Order Placed", done: true },
    { label: "Pending Payment", done: reached(status, "pending_payment") },
    { label: "Order Confirmed", done: reached(status, "confirmed") },
    { label: "Preparing", done: reached(status, "preparing") },
    { label: "Ready", done: reached(status, "ready") },
    { label: "Delivered", done: status === "delivered" || status === "completed" },
  ]);
}

const CANCELLED_STEPS: TimelineStep[] = [
  { label: "Order Placed", done: true, current: false, cancelled: false },
  { label: "Order Cancelled", done: true, current: false, cancelled: true },
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
