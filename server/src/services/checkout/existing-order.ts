/**
 * Paying by card for a cash order already placed and not paid yet (the spec's create-intent with only `orderId`):
 * the payment is priced from the order as stored, and once paid it marks that order paid instead of placing one.
 */
import { penceToPoundsText } from "@contract/money";
import type { StoredOrderAddon } from "@server/db/repositories/order-placement.js";
import { type OrderRecord, ordersRepository } from "@server/db/repositories/orders.js";
import { Conflict, InvalidInput, NotFound } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import { ORDER_NOT_FOUND } from "@server/services/orders/queries.js";
import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";
import type { PaidPayment, PaidPurchase } from "@server/services/payments/payment-model.js";

/** The caller's own cash order waiting for its cash, or why it cannot be paid (404 another's, 409 paid/cancelled). */
export function assertPayableByCard(
  record: OrderRecord | null,
  userId: number,
  amountPence: number,
): OrderRecord {
  if (!record || record.order.user_id !== userId) throw new NotFound(ORDER_NOT_FOUND);
  const { order } = record;
  if (order.status === "cancelled")
    throw new Conflict(`Order #${order.id} was cancelled: there is nothing to pay.`);
  if (order.status !== "pending_payment" || order.payment_method !== "cash_at_counter")
    throw new Conflict(`Order #${order.id} is paid already.`);
  if (amountPence !== order.total_pence)
    throw new InvalidInput(
      `The amount (${penceToPoundsText(amountPence)}) does not match the order's total (${penceToPoundsText(order.total_pence)}).`,
    );
  return record;
}

/** The stored order as the payment's snapshot (its lines, charges and car), priced as it was placed. */
export function snapshotOfOrder({ order, items }: OrderRecord): CheckoutSnapshot {
  return {
    vendorId: order.vendor_id,
    vendorName: order.vendor_name,
    preparationTimeMin: order.preparation_time_min,
    preparationTimeMax: order.preparation_time_max,
    // Placed already: its window is set and its VAT written on it; these only matter when placing.
    slotShiftMinutes: 0,
    vatRegistered: false,
    orderType: order.order_type,
    lines: items.map((item) => ({
      menuItemId: item.menu_item_id,
      name: item.name,
      description: item.description,
      image: item.image,
      quantity: item.quantity,
      unitPricePence: item.unit_price_pence,
      totalPence: item.total_pence,
      addons: (Array.isArray(item.addons) ? item.addons : []) as StoredOrderAddon[],
      allergyInformation: item.special_instructions ?? "",
    })),
    subtotalPence: order.subtotal_pence,
    serviceChargePence: order.service_charge_pence,
    deliveryFeePence: order.delivery_fee_pence,
    totalPence: order.total_pence,
    allergyNote: order.allergy_note,
    deliveryInstructions: order.delivery_instructions,
    vehicle: null,
  };
}

/**
 * Inside the payment's transaction: the existing order becomes paid by card (confirmed, announced after commit).
 * Paid or cancelled meanwhile: nothing is marked and the whole payment goes back.
 */
export async function markExistingOrderPaid(
  paid: PaidPayment,
  orderId: number,
  events: DomainEvents,
): Promise<PaidPurchase> {
  const orders = ordersRepository(paid.tx);
  if (!(await orders.markCashOrderPaidByCard(orderId, paid.paymentId))) {
    return {
      orderIds: [],
      created: false,
      refund: {
        amountPence: paid.paidPence,
        note: `Order #${orderId} was paid or cancelled meanwhile, so your card payment of ${penceToPoundsText(paid.paidPence)} has been refunded in full.`,
        // Nothing was transferred for a payment that placed nothing: no trailer's transfer to reverse.
        shares: [],
      },
      afterCommit: () => {},
    };
  }
  const record = (await orders.findById(orderId))!;
  return {
    orderIds: [orderId],
    created: true,
    refund: null,
    afterCommit: () =>
      events.emit("orderStatusChanged", {
        orderId,
        userId: record.order.user_id,
        vendorId: record.order.vendor_id,
        vendorName: record.order.vendor_name,
        status: "confirmed",
        previousStatus: "pending_payment",
        updatedAt: new Date(record.order.updated_at).toISOString(),
      }),
  };
}
