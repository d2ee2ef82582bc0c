import { STATUS_LABEL } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";
import { pillTone } from "../lib/order-display";

/** Colour and words together: the status never rests on colour alone. */
export function StatusPill({
  status,
  size = "normal",
}: {
  status: OrderStatus;
  size?: "normal" | "large";
}) {
  return (
    <span
      className={`status-pill status-pill--${pillTone(status)}${size === "large" ? " status-pill--large" : ""}`}
      data-status={status}
    >
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}
