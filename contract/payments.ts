import * as z from "zod/mini";
import { idParam } from "./common";
import { orderPayloadSchema } from "./orders";

export const createIntentRequestSchema = z.object({
  /** The order to be created once paid: the order-creation payload without its payment method. */
  orderData: z.optional(orderPayloadSchema),
  orderId: z.optional(idParam("order")),
  /** Pounds; must equal the server's total for the cart or order. */
  amount: z.number().check(z.positive("amount must be above 0")),
  currency: z.enum(["gbp"], { error: "Only gbp is accepted" }),
  /** Spec: optional metadata `source`. 'mock' asks the test provider for a pi_mock_ payment (no Stripe keys only). */
  metadata: z.optional(z.object({ source: z.optional(z.string().check(z.maxLength(40))) })),
});
export type CreateIntentRequest = z.input<typeof createIntentRequestSchema>;

export const createIntentResponseSchema = z.object({
  success: z.boolean(),
  paymentIntentId: z.string(),
  clientSecret: z.nullable(z.string()),
  sessionUrl: z.string(),
  returnUrl: z.string(),
  message: z.optional(z.string()),
});
export type CreateIntentResponse = z.infer<typeof createIntentResponseSchema>;

/** What a payment is for, as the status answer carries it (`orderData`). */
export const paymentOrderSummarySchema = z.object({
  vendorId: z.number(),
  vendorName: z.string(),
  orderType: z.string(),
  total: z.number(),
  totalPence: z.number(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), totalPence: z.number() })),
});
export type PaymentOrderSummary = z.infer<typeof paymentOrderSummarySchema>;

export const PAYMENT_STATUSES = [
  "succeeded",
  "paid",
  "failed",
  "canceled",
  "requires_payment_method",
  "unpaid",
  "processing",
] as const;

export const paymentStatusResponseSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  orderId: z.nullable(z.number()),
  orderData: z.nullable(paymentOrderSummarySchema),
  error: z.nullable(z.string()),
  sessionId: z.nullable(z.string()),
  /** Lines sold out while the customer paid were refunded: how much, and a sentence naming them (an addition). */
  refund: z.optional(z.object({ amountPence: z.number(), note: z.string() })),
  /** While the payment is open: its hosted page, so a reopened payment screen can continue it (an addition). */
  sessionUrl: z.optional(z.nullable(z.string())),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/**
 * The product spec (docs/product-spec.md § The calls it makes): succeeded/paid → success; failed/canceled → failure. requires_payment_method and unpaid ("may be
 * treated as still pending by some flows") are split by whether a card was tried: with an error (the provider
 * declined a card) they are a failure, without one the customer has not paid yet (pending). Anything else
 * (processing) stays pending until the poll times out.
 */
export function paymentOutcome(
  status: string,
  error: string | null = null,
): "success" | "failure" | "pending" {
  if (status === "succeeded" || status === "paid") return "success";
  if (status === "failed" || status === "canceled") return "failure";
  if ((status === "requires_payment_method" || status === "unpaid") && error) return "failure";
  return "pending";
}

/** GET /payments/stripe/config: the Stripe publishable key when card payments go through Stripe, else null. */
export const paymentConfigSchema = z.object({ publishableKey: z.nullable(z.string()) });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
