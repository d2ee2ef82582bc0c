import { orderBill } from "@contract/bill";
import { orderEstimateText } from "@contract/estimated-time";
import type { Order } from "@contract/orders";
import { orderLineAddons, orderTypeLabel } from "@/lib/order-display";
import type { PlacedOrderReceiptProps } from "../components/PlacedOrderReceipt";

const itemDetail = (item: Order["items"][number]): string | null =>
  item.special_instructions ? `Allergy note: ${item.special_instructions}` : null;

/** The summary card's content from a server order (`now`: the moment its estimate counts down from). */
export function summaryOfOrder(
  order: Order,
  orderNumber: string,
  now: number = Date.now(),
): PlacedOrderReceiptProps {
  return {
    orderNumber,
    vendorName: order.vendorName,
    orderType: orderTypeLabel(order.orderType),
    totalPence: order.totalPence,
    bill: orderBill(order),
    estimatedTime: orderEstimateText(order, "long", now),
    items: order.items.map((item) => ({
      key: String(item.id),
      name: item.name,
      quantity: item.quantity,
      totalPence: item.totalPence,
      detail: itemDetail(item),
      addons: orderLineAddons(item),
    })),
  };
}
