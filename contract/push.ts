import * as z from "zod/mini";

export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

export const pushSubscribeRequestSchema = z.object({
  endpoint: z.url().check(z.maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: z.string().check(z.maxLength(200)), auth: z.string().check(z.maxLength(100)) }),
});

export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.url().check(z.maxLength(2000)) });

/** What the service worker receives in a push message. */
export const pushPayloadSchema = z.object({
  type: z.literal("order-status"),
  orderId: z.number(),
  status: z.string(),
  vendorName: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
