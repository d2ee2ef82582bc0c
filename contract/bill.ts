/**
 * The rows of every bill the customer sees (cart, payment, cash screen, confirmation, order details), the product spec (docs/product-spec.md § Screens and routes):
 * Subtotal, Service Charge only above 0, Delivery Fee only for delivery orders and above 0, Total. Amounts in pence,
 * as the server priced them.
 */
export interface BillAmounts {
  /** The order type's id (dine_in, takeaway, delivery). */
  orderType: string | null;
  subtotalPence: number;
  serviceChargePence: number;
  deliveryFeePence: number;
  totalPence: number;
}

export type BillRowLabel = "Subtotal" | "Service Charge" | "Delivery Fee" | "Total";

export interface BillRow {
  label: BillRowLabel;
  pence: number;
}

export function billRows(bill: BillAmounts): BillRow[] {
  const rows: BillRow[] = [{ label: "Subtotal", pence: bill.subtotalPence }];
  if (bill.serviceChargePence > 0)
    rows.push({ label: "Service Charge", pence: bill.serviceChargePence });
  if (bill.orderType === "delivery" && bill.deliveryFeePence > 0)
    rows.push({ label: "Delivery Fee", pence: bill.deliveryFeePence });
  rows.push({ label: "Total", pence: bill.totalPence });
  return rows;
}

/** A server cart's amounts as a bill. */
export const cartBill = (cart: {
  orderType: string | null;
  subtotalPence: number;
  serviceChargePence: number;
  deliveryChargePence: number;
  totalPence: number;
}): BillAmounts => ({
  orderType: cart.orderType,
  subtotalPence: cart.subtotalPence,
  serviceChargePence: cart.serviceChargePence,
  deliveryFeePence: cart.deliveryChargePence,
  totalPence: cart.totalPence,
});

/** A server order's amounts as a bill (the order's admin fee is the service charge). */
export const orderBill = (order: {
  orderType: string;
  subtotalPence: number;
  adminFeePence: number;
  deliveryFeePence: number;
  totalPence: number;
}): BillAmounts => ({
  orderType: order.orderType,
  subtotalPence: order.subtotalPence,
  serviceChargePence: order.adminFeePence,
  deliveryFeePence: order.deliveryFeePence,
  totalPence: order.totalPence,
});
