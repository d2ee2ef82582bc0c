import * as z from "zod/mini";

/** GET /api/config: what the app must know about this server before a customer pays (public, no secrets). */
export const appConfigResponseSchema = z.object({
  /** How card payments are taken: Stripe, the local test checkout (no real money), or not at all. */
  cardPayments: z.enum(["stripe", "test", "off"]),
  /** True when card payments move no real money: the app shows a "Test payments" banner. */
  testPayments: z.boolean(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;
