import type { OrderStatus } from "../../../../contract/orders";
import type { ToastTone } from "../../../lib/toast-store";

/** Spec section 4, notification colours: confirmed blue, preparing orange, ready and completed green, cancelled red, others neutral. */
export function notificationTone(status: OrderStatus): ToastTone {
  switch (status) {
    case "confirmed":
      return "info";
    case "preparing":
      return "warning";
    case "ready":
    case "completed":
      return "success";
    case "cancelled":
      return "error";
    default:
      return "neutral";
  }
}
