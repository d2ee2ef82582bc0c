import * as z from "zod/mini";

export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/** Push services are always https; refusing anything else keeps the server from posting to internal http hosts. */
const pushEndpoint = z
  .url({ protocol: /^https$/, error: "endpoint must be an https URL" })
  .check(z.maxLength(2000));
/** Base64url without padding, as PushSubscription.toJSON() gives it. */
const base64Url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .check(
      z.minLength(1, `${name} is required`),
      z.maxLength(max, `${name} is too long`),
      z.regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`),
    );

export const pushSubscribeRequestSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.optional(z.nullable(z.number().check(z.nonnegative(), z.lte(8.64e15)))),
  keys: z.object({ p256dh: base64Url("keys.p256dh", 200), auth: base64Url("keys.auth", 100) }),
});

export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(2000)),
});

/** What the service worker receives in a push message. */
export const pushPayloadSchema = z.object({
  type: z.literal("order-status"),
  orderId: z.number(),
  status: z.string(),
  vendorName: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /**
   * Beyond the spec: lets the service worker tell the server this notification was shown
   * (POST /api/orders/:orderId/notice-shown with `Authorization: Bearer <noticeToken>`), for this order and status only.
   */
  noticeToken: z.optional(z.string()),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
