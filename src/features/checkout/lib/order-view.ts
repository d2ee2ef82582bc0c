import { orderBill } from "../../../../contract/bill";
import type { Order } from "../../../../contract/orders";
import { enabledOrderTypes } from "../../../lib/brand";
import type { OrderSummaryProps } from "../components/OrderSummaryCard";
import { estimatedTimeText } from "./estimated-time";

const ORDER_TYPE_LABELS: Record<string, string> = { dine_in: "Dine In", takeaway: "Click & Collect", delivery: "Delivery" };

export const orderTypeLabel = (orderType: string) =>
  enabledOrderTypes().find((type) => type.id === orderType)?.label ?? ORDER_TYPE_LABELS[orderType] ?? orderType;

function itemDetail(item: Order["items"][number]): string | null {
  const addons = item.addons.map((addon) => addon.name).join(", ");
  const note = item.special_instructions ? `Allergy note: ${item.special_instructions}` : "";
  return [addons, note].filter(Boolean).join(" · ") || null;
}

/** The summary card's content from a server order. */
export function summaryOfOrder(order: Order, orderNumber: string): OrderSummaryProps {
  return {
    orderNumber,
    vendorName: order.vendorName,
    orderType: orderTypeLabel(order.orderType),
    totalPence: order.totalPence,
    bill: orderBill(order),
    estimatedTime: estimatedTimeText(
      { min: order.vendor.preparation_time_min, max: order.vendor.preparation_time_max },
      order.estimatedDeliveryTime,
    ),
    items: order.items.map((item) => ({ key: String(item.id), name: item.name, quantity: item.quantity, totalPence: item.totalPence, detail: itemDetail(item) })),
  };
}
