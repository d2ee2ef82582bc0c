import * as z from "zod/mini";
import { boundedInt, idParam, orderTypeSchema, pence, pounds } from "./common";
import {
  ADDON_SELECTIONS_MAX,
  CART_LINE_QUANTITY_MAX,
  PLATE_MAX_LENGTH,
  TEXT_LIMIT,
} from "./limits";

export const ORDER_STATUSES = [
  "pending",
  "pending_payment",
  "confirmed",
  "preparing",
  "ready",
  "delivered",
  "completed",
  "cancelled",
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const PAYMENT_METHODS = ["cash_at_counter", "stripe"] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const vehicleSchema = z.object({
  registrationNumber: z.string().check(z.minLength(1), z.maxLength(PLATE_MAX_LENGTH + 2)),
  make: z.string().check(z.maxLength(60)),
  colour: z.string().check(z.maxLength(40)),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const looseId = z.union([z.number(), z.string()]);

/** The payload's add-ons per group (docs/product-spec.md § Entities and their fields); informational: the server prices from the cart. */
const orderPayloadAddonGroupSchema = z.object({
  group_id: z.optional(looseId),
  addons: z.optional(
    z
      .array(
        z.object({
          menu_item_addon_id: z.optional(looseId),
          quantity: z.optional(boundedInt("addon quantity", 0, CART_LINE_QUANTITY_MAX)),
          price: z.optional(z.number()),
        }),
      )
      .check(z.maxLength(ADDON_SELECTIONS_MAX)),
  ),
});

/** What is being ordered (the payload without its payment method); also the card payment's `orderData`. */
export const orderPayloadSchema = z.object({
  vendorId: idParam("vendor"),
  orderType: orderTypeSchema,
  items: z._default(
    z
      .array(
        z.object({
          menu_item_id: looseId,
          quantity: boundedInt("quantity", 0, CART_LINE_QUANTITY_MAX),
          price: z.optional(z.number()),
          allergy_information: z.optional(z.nullable(z.string())),
          addons: z.optional(z.array(orderPayloadAddonGroupSchema)),
        }),
      )
      .check(z.maxLength(100)),
    [],
  ),
  deliveryInstructions: z.optional(z.nullable(z.string().check(z.maxLength(TEXT_LIMIT)))),
  allergyNote: z.optional(z.nullable(z.string().check(z.maxLength(TEXT_LIMIT * 20)))),
  vehicleData: z.optional(z.nullable(vehicleSchema)),
});
export type OrderPayload = z.input<typeof orderPayloadSchema>;

/** The spec's order-creation payload. Prices in it are ignored: the server prices from the customer's cart. */
export const createOrderRequestSchema = z.extend(orderPayloadSchema, {
  paymentMethod: paymentMethodSchema,
  stripePaymentIntentId: z.optional(z.string().check(z.maxLength(200))),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

export const createOrderResponseSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  status: orderStatusSchema,
});

export const orderAddonSchema = z.object({
  id: z.number(),
  name: z.string(),
  group_id: z.number(),
  group_name: z.string(),
  quantity: z.number(),
  price: pounds,
  total: pounds,
});

export const orderItemSchema = z.object({
  id: z.number(),
  menu_item_id: z.number(),
  name: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** Unit price incl. add-ons, pounds. */
  price: pounds,
  total: pounds,
  pricePence: pence,
  totalPence: pence,
  image_url: z.string(),
  addons: z.array(orderAddonSchema),
  special_instructions: z.nullable(z.string()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Why staff cancel an order: a fixed list, so the customer reads a plain reason and the park can count them. */
export const CANCEL_REASONS = [
  "Out of stock",
  "Kitchen closed",
  "Customer asked",
  "Customer did not arrive",
  "Other",
] as const;
export const cancelReasonSchema = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof cancelReasonSchema>;

/**
 * A cancelled order: why, and what goes back. A card order is refunded in full to the card (its share of the
 * service charge included); a cash order cancelled after the cash was taken is refunded at the counter; an order
 * nobody paid for yet has no refund.
 */
export const orderCancellationSchema = z.object({
  reason: z.nullable(z.string()),
  refund: z.nullable(
    z.object({
      amountPence: pence,
      to: z.enum(["card", "counter"]),
      /** Card: the payment provider has taken the refund (false while it is still being sent). */
      sent: z.boolean(),
    }),
  ),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/** One order of a multi-trailer checkout. */
export const checkoutOrderSchema = z.object({
  id: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  status: orderStatusSchema,
  totalPence: pence,
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** An order's checkout, as its order page and My Orders show it: the siblings and the grand total. */
export const checkoutGroupSchema = z.object({
  checkoutId: z.number(),
  totalPence: pence,
  total: pounds,
  orders: z.array(checkoutOrderSchema),
});
export type CheckoutGroup = z.infer<typeof checkoutGroupSchema>;

export const orderSchema = z.object({
  id: z.number(),
  userId: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  vendor: z.object({
    id: z.number(),
    name: z.string(),
    preparation_time_min: z.number(),
    preparation_time_max: z.number(),
  }),
  vendorPhone: z.nullable(z.string()),
  vendorEmail: z.nullable(z.string()),
  items: z.array(orderItemSchema),
  status: orderStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  paymentMethod: paymentMethodSchema,
  payment_method: paymentMethodSchema,
  orderType: orderTypeSchema,
  order_type: orderTypeSchema,
  /** When the order should be ready by (the late end of its window; contract/estimated-time.ts). */
  estimatedDeliveryTime: z.nullable(z.string()),
  /** The early end of that window. */
  estimatedReadyFrom: z.optional(z.nullable(z.string())),
  subtotal: pounds,
  adminFee: pounds,
  tax: pounds,
  deliveryFee: pounds,
  total: pounds,
  total_amount: pounds,
  subtotalPence: pence,
  adminFeePence: pence,
  deliveryFeePence: pence,
  totalPence: pence,
  allergyNote: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
  vehicle: z.nullable(vehicleSchema),
  customerName: z.optional(z.string()),
  /** The checkout this order was placed in with other trailers' orders; null for a one-trailer order. */
  checkout: z.optional(z.nullable(checkoutGroupSchema)),
  /** Set on a cancelled order: the reason and the refund. */
  cancellation: z.optional(z.nullable(orderCancellationSchema)),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListResponseSchema = z.object({ data: z.array(orderSchema) });
export const orderDetailsResponseSchema = z.object({ success: z.boolean(), data: orderSchema });
export const orderIdParamsSchema = z.object({ orderId: idParam("order") });

export const staffOrdersQuerySchema = z.object({
  vendorId: z.optional(idParam("vendor")),
  status: z.optional(orderStatusSchema),
});
/** A staff move; cancelling names one of CANCEL_REASONS (the customer reads it beside the refund). */
export const staffStatusUpdateSchema = z.object({
  status: orderStatusSchema,
  reason: z.optional(cancelReasonSchema),
});

/** The product spec (docs/product-spec.md § States and transitions): socket message and notification payload. */
export const orderStatusNotificationSchema = z.object({
  orderId: z.number(),
  status: orderStatusSchema,
  vendorName: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  /**
   * Beyond the spec: 'undo' or 'recall' when staff moved the order back (an undone Ready, a recalled ticket); the
   * customer's screens then accept the earlier status. Absent for a forward step.
   */
  move: z.optional(z.enum(["step", "undo", "recall"])),
});
export type OrderStatusNotification = z.infer<typeof orderStatusNotificationSchema>;
