import { penceToPounds } from "@contract/money";
import type {
  CheckoutGroup,
  CheckoutOrder,
  Order,
  OrderCancellation,
  OrderItem,
  Vehicle,
} from "@contract/orders";
import type { Database, Queryable } from "@server/db/database.js";
import { type CheckoutOrderRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import type { StoredOrderAddon } from "@server/db/repositories/order-placement.js";
import {
  type OrderItemRow,
  type OrderRecord,
  ordersRepository,
  type StaffOrderFilter,
} from "@server/db/repositories/orders.js";
import { NotFound } from "@server/domain-errors.js";

export const ORDER_NOT_FOUND = "Order not found";
const DEFAULT_ITEM_IMAGE = "/images/placeholder-item.svg";

/** StoredOrderAddon (one add-on of an order line as order_items.addons keeps it) is defined once, by its writer. */
export type { StoredOrderAddon };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** order_items.addons as its one writer (the order placement repository) stores it: a list of StoredOrderAddon. */
export const storedAddons = (raw: unknown): StoredOrderAddon[] =>
  Array.isArray(raw) ? (raw as StoredOrderAddon[]) : [];

function toOrderItem(row: OrderItemRow): OrderItem {
  const addons = storedAddons(row.addons).map((addon) => ({
    id: addon.id,
    name: addon.name,
    group_id: addon.group_id,
    group_name: addon.group_name,
    quantity: addon.quantity,
    price: penceToPounds(addon.price_pence),
    total: penceToPounds(addon.price_pence * addon.quantity),
  }));
  return {
    id: row.id,
    menu_item_id: row.menu_item_id,
    name: row.name,
    description: row.description,
    quantity: row.quantity,
    price: penceToPounds(row.unit_price_pence),
    total: penceToPounds(row.total_pence),
    pricePence: row.unit_price_pence,
    totalPence: row.total_pence,
    image_url: row.image || DEFAULT_ITEM_IMAGE,
    addons,
    special_instructions: row.special_instructions || null,
  };
}

/** orders.vehicle as the order placement repository stores it: the contract's Vehicle, or null. */
function readVehicle(raw: unknown): Vehicle | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { registrationNumber, make, colour } = raw as Vehicle;
  return registrationNumber ? { registrationNumber, make, colour } : null;
}

/** Why a cancelled order was cancelled and what goes back (orders.cancel_reason, refund_*: migration 014). */
function cancellationOf(order: OrderRecord["order"]): OrderCancellation {
  const method = order.refund_method ?? null;
  return {
    reason: order.cancel_reason ?? null,
    refund:
      method && order.refund_pence
        ? {
            amountPence: order.refund_pence,
            to: method,
            sent: method === "counter" || Boolean(order.refund_sent_at),
          }
        : null,
  };
}

/** A stored order in the contract's shape: the spec's pounds fields beside integer pence. */
export function toOrder(
  { order, items }: OrderRecord,
  options: { withCustomer?: boolean } = {},
): Order {
  const result: Order = {
    id: order.id,
    userId: order.user_id,
    vendorId: order.vendor_id,
    vendorName: order.vendor_name,
    vendor: {
      id: order.vendor_id,
      name: order.vendor_name,
      preparation_time_min: order.preparation_time_min,
      preparation_time_max: order.preparation_time_max,
    },
    vendorPhone: order.vendor_phone,
    vendorEmail: order.vendor_email,
    items: items.map(toOrderItem),
    status: order.status,
    created_at: iso(order.created_at),
    updated_at: iso(order.updated_at),
    paymentMethod: order.payment_method,
    payment_method: order.payment_method,
    orderType: order.order_type,
    order_type: order.order_type,
    estimatedDeliveryTime: isoOrNull(order.estimated_ready_at),
    estimatedReadyFrom: isoOrNull(order.estimated_ready_from),
    subtotal: penceToPounds(order.subtotal_pence),
    adminFee: penceToPounds(order.service_charge_pence),
    // Prices include VAT: `tax` is the VAT included, for information (totals and bill rows unchanged).
    tax: penceToPounds(order.vat_pence ?? 0),
    deliveryFee: penceToPounds(order.delivery_fee_pence),
    total: penceToPounds(order.total_pence),
    total_amount: penceToPounds(order.total_pence),
    subtotalPence: order.subtotal_pence,
    adminFeePence: order.service_charge_pence,
    deliveryFeePence: order.delivery_fee_pence,
    totalPence: order.total_pence,
    allergyNote: order.allergy_note || null,
    deliveryInstructions: order.delivery_instructions || null,
    vehicle: readVehicle(order.vehicle),
  };
  if (options.withCustomer) result.customerName = order.customer_name;
  if (order.status === "cancelled") result.cancellation = cancellationOf(order);
  return result;
}

/** One order of a checkout, as its siblings and the checkout's answer show it. */
export const toCheckoutOrder = (row: CheckoutOrderRow): CheckoutOrder => ({
  id: row.id,
  vendorId: row.vendor_id,
  vendorName: row.vendor_name,
  status: row.status,
  totalPence: row.total_pence,
});

/** For order answers: the checkouts (of more than one order) these ids name, with their orders and grand total. */
async function checkoutGroups(
  q: Queryable,
  checkoutIds: readonly number[],
): Promise<Map<number, CheckoutGroup>> {
  const unique = [...new Set(checkoutIds)];
  const groups = new Map<number, CheckoutGroup>();
  if (unique.length === 0) return groups;
  for (const row of await checkoutsRepository(q).ordersOf(unique)) {
    const group = groups.get(row.checkout_id) ?? {
      checkoutId: row.checkout_id,
      totalPence: 0,
      total: 0,
      orders: [],
    };
    group.orders.push(toCheckoutOrder(row));
    group.totalPence += row.total_pence;
    group.total = penceToPounds(group.totalPence);
    groups.set(row.checkout_id, group);
  }
  for (const [id, group] of groups) if (group.orders.length < 2) groups.delete(id);
  return groups;
}

export function createOrderService(db: Database) {
  const orders = ordersRepository(db);

  /** Each order of a multi-trailer checkout carries its siblings and the checkout's grand total. */
  async function withGroups(list: Order[], records: OrderRecord[]): Promise<Order[]> {
    const ids = records.flatMap((record) =>
      record.order.checkout_id ? [record.order.checkout_id] : [],
    );
    if (ids.length === 0) return list;
    const groups = await checkoutGroups(db, ids);
    return list.map((order, index) => {
      const checkoutId = records[index]!.order.checkout_id;
      return { ...order, checkout: (checkoutId && groups.get(checkoutId)) || null };
    });
  }

  return {
    /** The customer's orders, newest first. */
    async listForUser(userId: number): Promise<Order[]> {
      const records = await orders.listForUser(userId);
      return withGroups(
        records.map((record) => toOrder(record)),
        records,
      );
    },

    /** One of the customer's orders; someone else's answers exactly like a missing one. */
    async getForUser(userId: number, orderId: number): Promise<Order> {
      const record = await orders.findById(orderId);
      if (!record || record.order.user_id !== userId) throw new NotFound(ORDER_NOT_FOUND);
      const [order] = await withGroups([toOrder(record)], [record]);
      return order!;
    },

    /** Today's orders (Europe/London) and yesterday's unfinished ones, oldest first, with the customer's name. */
    async listForStaff(filter: StaffOrderFilter): Promise<Order[]> {
      return (await orders.listForBoard(filter)).map((record) =>
        toOrder(record, { withCustomer: true }),
      );
    },

    /** For staff: any order, with the customer's name. */
    async getForStaff(orderId: number): Promise<Order> {
      const record = await orders.findById(orderId);
      if (!record) throw new NotFound(ORDER_NOT_FOUND);
      return toOrder(record, { withCustomer: true });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
