import * as z from "zod/mini";
import { idParam } from "./common";

export const createIntentRequestSchema = z.object({
  /** The order to be created once paid (vendorId, orderType, vehicleData, ...): see orders.createOrderRequestSchema. */
  orderData: z.optional(z.record(z.string(), z.unknown())),
  orderId: z.optional(idParam("order")),
  /** Pounds; must equal the server's total for the cart or order. */
  amount: z.number().check(z.positive("amount must be above 0")),
  currency: z.literal("gbp", { error: "Only gbp is accepted" }),
  metadata: z.optional(z.record(z.string(), z.string().check(z.maxLength(200)))),
});

export const createIntentResponseSchema = z.object({
  success: z.boolean(),
  paymentIntentId: z.string(),
  clientSecret: z.nullable(z.string()),
  sessionUrl: z.string(),
  returnUrl: z.string(),
  message: z.optional(z.string()),
});
export type CreateIntentResponse = z.infer<typeof createIntentResponseSchema>;

export const PAYMENT_STATUSES = ["succeeded", "paid", "failed", "canceled", "requires_payment_method", "unpaid", "processing"] as const;

export const paymentStatusResponseSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  orderId: z.nullable(z.number()),
  orderData: z.nullable(z.record(z.string(), z.unknown())),
  error: z.nullable(z.string()),
  sessionId: z.nullable(z.string()),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** Spec section 7: succeeded/paid → success; failed/canceled → failure; the rest still pending until the poll times out. */
export function paymentOutcome(status: string): "success" | "failure" | "pending" {
  if (status === "succeeded" || status === "paid") return "success";
  if (status === "failed" || status === "canceled") return "failure";
  return "pending";
}
