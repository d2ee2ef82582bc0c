import type { Order, OrderItem } from "@contract/orders";

let nextId = 1;

export function makeItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const id = nextId++;
  return {
    id,
    menu_item_id: 100 + id,
    name: `Item ${id}`,
    description: "Tasty",
    quantity: 1,
    price: 5,
    total: 5,
    pricePence: 500,
    totalPence: 500,
    image_url: "/images/placeholder-item.svg",
    addons: [],
    special_instructions: null,
    ...overrides,
  };
}

/** A plausible order from the API; override what the test is about. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? nextId++;
  const totalPence = overrides.totalPence ?? 1250;
  const vendorName = overrides.vendorName ?? "Forno Fuoco";
  return {
    id,
    userId: 7,
    vendorId: 1,
    vendorName,
    vendor: { id: 1, name: vendorName, preparation_time_min: 12, preparation_time_max: 18 },
    vendorPhone: "01632 960001",
    vendorEmail: "hello@forno.test",
    items: [makeItem()],
    status: "confirmed",
    created_at: "2026-11-21T12:00:00.000Z",
    updated_at: "2026-11-21T12:00:00.000Z",
    paymentMethod: "stripe",
    payment_method: "stripe",
    orderType: "takeaway",
    order_type: "takeaway",
    estimatedDeliveryTime: null,
    subtotal: totalPence / 100,
    adminFee: 0,
    tax: 0,
    deliveryFee: 0,
    total: totalPence / 100,
    total_amount: totalPence / 100,
    subtotalPence: totalPence,
    adminFeePence: 0,
    deliveryFeePence: 0,
    totalPence,
    allergyNote: null,
    deliveryInstructions: null,
    vehicle: null,
    ...overrides,
  };
}
