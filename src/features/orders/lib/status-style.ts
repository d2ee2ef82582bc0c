import type { OrderStatus } from "../../../../contract/orders";

export type PillTone = "orange" | "blue" | "green" | "red" | "grey";

/** Spec section 4, list pill colours: preparing orange; ready blue; delivered or completed green; cancelled red; else grey. */
export function pillTone(status: string): PillTone {
  const normalised = status.trim().toLowerCase();
  if (normalised === "preparing") return "orange";
  if (normalised === "ready" || normalised === "ready for pickup") return "blue";
  if (normalised === "delivered" || normalised === "completed") return "green";
  if (normalised === "cancelled") return "red";
  return "grey";
}

/** The banner follows the pill's colour family so the two never disagree. */
export const bannerTone = (status: OrderStatus): PillTone => pillTone(status);
