/*
 * TEMPORARY — checkout's stand-in for GET /api/orders/:id until the orders-live branch (which owns reading
 * orders) is merged. app.ts registers it only when no other GET /api/orders/:orderId exists. Delete on merge.
 */
import type { Order, OrderStatus, PaymentMethod, Vehicle } from "../../../contract/orders";
import type { OrderType } from "../../../contract/common";
import type { Database } from "../db/database.js";
import { orderPlacementRepository, type StoredOrderAddon } from "../db/repositories/order-placement.js";
import { notFound } from "../http-error.js";

const pounds = (pence: unknown) => Number(pence) / 100;
const iso = (value: unknown) => new Date(value as string).toISOString();

export function createPlacedOrderFallback(db: Database) {
  return {
    async getForUser(userId: number, orderId: number): Promise<Order> {
      const found = await orderPlacementRepository(db).findWithItems(orderId);
      if (!found || found.order.user_id !== userId) throw notFound("Order not found");
      const o = found.order;
      const paymentMethod = o.payment_method as PaymentMethod;
      const orderType = o.order_type as OrderType;
      return {
        id: Number(o.id),
        userId: Number(o.user_id),
        vendorId: Number(o.vendor_id),
        vendorName: String(o.vendor_name),
        vendor: {
          id: Number(o.vendor_id),
          name: String(o.vendor_name),
          preparation_time_min: Number(o.preparation_time_min),
          preparation_time_max: Number(o.preparation_time_max),
        },
        vendorPhone: (o.vendor_phone as string | null) ?? null,
        vendorEmail: (o.vendor_email as string | null) ?? null,
        items: found.items.map((item) => ({
          id: Number(item.id),
          menu_item_id: Number(item.menu_item_id),
          name: String(item.name),
          description: String(item.description ?? ""),
          quantity: Number(item.quantity),
          price: pounds(item.unit_price_pence),
          total: pounds(item.total_pence),
          pricePence: Number(item.unit_price_pence),
          totalPence: Number(item.total_pence),
          image_url: String(item.image ?? ""),
          addons: ((item.addons as StoredOrderAddon[]) ?? []).map((addon) => ({
            id: addon.id,
            name: addon.name,
            group_id: addon.group_id,
            group_name: addon.group_name,
            quantity: addon.quantity,
            price: pounds(addon.price_pence),
            total: pounds(addon.price_pence * addon.quantity),
          })),
          special_instructions: (item.special_instructions as string | null) ?? null,
        })),
        status: o.status as OrderStatus,
        created_at: iso(o.created_at),
        updated_at: iso(o.updated_at),
        paymentMethod,
        payment_method: paymentMethod,
        orderType,
        order_type: orderType,
        estimatedDeliveryTime: o.estimated_ready_at ? iso(o.estimated_ready_at) : null,
        subtotal: pounds(o.subtotal_pence),
        adminFee: pounds(o.service_charge_pence),
        tax: 0,
        deliveryFee: pounds(o.delivery_fee_pence),
        total: pounds(o.total_pence),
        total_amount: pounds(o.total_pence),
        subtotalPence: Number(o.subtotal_pence),
        adminFeePence: Number(o.service_charge_pence),
        deliveryFeePence: Number(o.delivery_fee_pence),
        totalPence: Number(o.total_pence),
        allergyNote: (o.allergy_note as string | null) ?? null,
        deliveryInstructions: (o.delivery_instructions as string | null) ?? null,
        vehicle: (o.vehicle as Vehicle | null) ?? null,
      };
    },
  };
}
