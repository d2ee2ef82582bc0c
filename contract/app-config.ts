import * as z from "zod/mini";

/** GET /api/config: what the app must know about this server before a customer pays (public, no secrets). */
export const appConfigResponseSchema = z.object({
  /** How card payments are taken: Stripe, the local test checkout (no real money), or not at all. */
  cardPayments: z.enum(["stripe", "test", "off"]),
  /** True when card payments move no real money: the app shows a "Test payments" banner. */
  testPayments: z.boolean(),
  /**
   * The charges the server adds (contract/pricing.ts totalsOfLines): the client prices a cart written offline with
   * them, so the total shown while queued is the total asked for once sent. Optional: an answer cached before.
   */
  charges: z.optional(z.object({ serviceChargePence: z.number(), deliveryFeePence: z.number() })),
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;
