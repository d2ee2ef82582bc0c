/** How orders read anywhere in the app: type and payment labels, type icons, pill colours, ages. */
import type { OrderType } from "@contract/common";
import type { OrderItem, PaymentMethod } from "@contract/orders";
import { PORTION_GROUP } from "@contract/vendor-rules";
import type { AddonEntry } from "../components/AddonList";
import type { IconName } from "../components/Icon";
import { brand } from "./brand";
import { poundsToPence } from "./money";

/** An order line's add-ons as every screen names them (components/AddonList). */
export const orderLineAddons = (item: Pick<OrderItem, "addons">): AddonEntry[] =>
  item.addons.map((addon) => ({
    key: `${addon.group_id}-${addon.id}`,
    group: addon.group_name,
    name: addon.name,
    quantity: addon.quantity,
    unitPricePence: poundsToPence(addon.price),
    isPortion: addon.group_name === PORTION_GROUP,
  }));

/** 'Click & Collect' etc. from the brand configuration; unknown types are title-cased. */
/** An order's number as customers and staff read it everywhere: '#12'. */
export const orderNumber = (orderId: number): string => `#${orderId}`;

/** The confirmation screen's form, which the spec names: '#ORD12' (the same number). */
export const confirmationNumber = (orderId: number): string => `#ORD${orderId}`;

export function orderTypeLabel(type: OrderType | string): string {
  const configured = brand.orderTypes.find((entry) => entry.id === type);
  if (configured) return configured.label;
  return type.replace(/_/g, " ").replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** The product spec (docs/product-spec.md § Entities and their fields): dine_in, takeaway, delivery; others show a generic icon. */
export function orderTypeIcon(type: string): IconName {
  switch (type) {
    case "dine_in":
      return "utensils";
    case "takeaway":
      return "bag";
    case "delivery":
      return "truck";
    default:
      return "receipt";
  }
}

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  stripe: "Card",
  cash_at_counter: "Cash at counter",
};

export const paymentMethodLabel = (method: string): string =>
  PAYMENT_METHOD_LABEL[method as PaymentMethod] ?? method.replace(/_/g, " ");

export type PillTone = "orange" | "blue" | "green" | "red" | "grey";

/** The product spec (docs/product-spec.md § States and transitions), list pill colours: preparing orange; ready blue; delivered or completed green; cancelled red; else grey. */
export function pillTone(status: string): PillTone {
  const normalised = status.trim().toLowerCase();
  if (normalised === "preparing") return "orange";
  if (normalised === "ready" || normalised === "ready for pickup") return "blue";
  if (normalised === "delivered" || normalised === "completed") return "green";
  if (normalised === "cancelled") return "red";
  return "grey";
}

/** '5 min ago' for order ages on the staff board and cards. */
export function ageLabel(createdAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min ago`;
}
