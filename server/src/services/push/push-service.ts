import { createRequire } from "node:module";
import type { PushSubscribeRequest } from "@contract/push";
import type { Database } from "@server/db/database.js";
import {
  pushSubscriptionsRepository,
  type StoredPushSubscription,
} from "@server/db/repositories/push-subscriptions.js";
import { InvalidInput, LimitReached, NotFound } from "@server/domain-errors.js";
import type { BasketReady, OrderStatusChanged } from "@server/events.js";
import type WebPush from "web-push";
import { createSafeTransport, pushEndpointProblem } from "./endpoint-policy.js";
import type { PushTransport } from "./transport.js";

export type { PushRequest, PushTransport } from "./transport.js";

import { basketReadyPayload, orderStatusPayload } from "./payload.js";
import type { VapidDetails } from "./vapid.js";

/** A status update is worthless after an hour; push services drop it then. */
export const PUSH_TTL_SECONDS = 60 * 60;

export type DeliveryOutcome =
  | { endpoint: string; result: "sent"; status: number }
  | { endpoint: string; result: "removed"; status: number }
  | { endpoint: string; result: "failed"; status?: number; error: string };

export interface PushServiceDeps {
  db: Database;
  vapid: VapidDetails;
  transport?: PushTransport;
  /** Tests only: endpoints on loopback or private addresses (a local receiver) are allowed. */
  allowPrivateEndpoints: boolean;
  /** Subscriptions one customer may keep (PUSH_SUBSCRIPTIONS_PER_CUSTOMER_MAX). */
  subscriptionsMax: number;
  /** A token the service worker may use to say this status's notification was shown (none: it cannot say). */
  noticeToken?: (orderId: number, status: string) => string;
}

/** web-push, loaded at the first push rather than at start (about 11 MB of memory a park without pushes never needs). */
let webPushModule: typeof WebPush | undefined;
const webPush = (): typeof WebPush => {
  webPushModule ??= createRequire(import.meta.url)("web-push") as typeof WebPush;
  return webPushModule;
};

const decodedLength = (value: string) => Buffer.from(value, "base64url").length;

function assertUsableKeys(keys: PushSubscribeRequest["keys"]): void {
  const p256dh = Buffer.from(keys.p256dh, "base64url");
  // An uncompressed P-256 point: 0x04 then 64 bytes; the auth secret is 16 bytes (RFC 8291).
  if (p256dh.length !== 65 || p256dh[0] !== 4)
    throw new InvalidInput("keys.p256dh is not a P-256 public key");
  if (decodedLength(keys.auth) !== 16) throw new InvalidInput("keys.auth must be 16 bytes");
}

export function createPushService({
  db,
  vapid,
  allowPrivateEndpoints,
  transport,
  subscriptionsMax,
  noticeToken,
}: PushServiceDeps) {
  const send = transport ?? createSafeTransport(allowPrivateEndpoints);
  const subscriptions = pushSubscriptionsRepository(db);

  async function deliver(
    subscription: StoredPushSubscription,
    payload: string,
  ): Promise<DeliveryOutcome> {
    const { endpoint } = subscription;
    try {
      const details = webPush().generateRequestDetails(
        { endpoint, keys: subscription.keys },
        payload,
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: "high",
          contentEncoding: "aes128gcm",
        },
      );
      const status = await send({
        endpoint: details.endpoint,
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body as Buffer),
      });
      if (status === 404 || status === 410) {
        await subscriptions.deleteById(subscription.id);
        return { endpoint, result: "removed", status };
      }
      if (status < 200 || status >= 300)
        return { endpoint, result: "failed", status, error: `push service answered ${status}` };
      await subscriptions.markSuccess(subscription.id);
      return { endpoint, result: "sent", status };
    } catch (error) {
      return {
        endpoint,
        result: "failed",
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  return {
    publicKey: () => vapid.publicKey,

    /** Stores the browser's subscription for `userId`; an endpoint another user had moves to this one. */
    async subscribe(userId: number, input: PushSubscribeRequest): Promise<void> {
      const problem = pushEndpointProblem(input.endpoint, allowPrivateEndpoints);
      if (problem) throw new InvalidInput(problem);
      assertUsableKeys(input.keys);
      const existing = await subscriptions.listForUser(userId);
      if (
        existing.length >= subscriptionsMax &&
        !existing.some((subscription) => subscription.endpoint === input.endpoint)
      )
        throw new LimitReached(
          `You can get notifications on at most ${subscriptionsMax} browsers. Turn them off on one you no longer use.`,
        );
      await subscriptions.upsert(userId, input.endpoint, input.keys);
    },

    /** Removes one of the user's own subscriptions; someone else's endpoint is 'not found'. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await subscriptions.deleteOwned(userId, endpoint)))
        throw new NotFound("Subscription not found");
    },

    /** "Your whole order is ready" to every subscription of the basket's customer. */
    async notifyBasketReady(event: BasketReady): Promise<DeliveryOutcome[]> {
      const basket = basketReadyPayload(event);
      const payload = JSON.stringify({
        ...basket,
        ...(noticeToken ? { noticeToken: noticeToken(basket.orderId, basket.status) } : {}),
      });
      const targets = await subscriptions.listForUser(event.userId);
      return Promise.all(targets.map((subscription) => deliver(subscription, payload)));
    },

    /** Sends the status change to every subscription of the order's customer; a failed delivery is reported, not thrown. */
    async notifyOrderStatus(event: OrderStatusChanged): Promise<DeliveryOutcome[]> {
      const payload = JSON.stringify({
        ...orderStatusPayload(event),
        ...(noticeToken ? { noticeToken: noticeToken(event.orderId, event.status) } : {}),
      });
      const targets = await subscriptions.listForUser(event.userId);
      return Promise.all(targets.map((subscription) => deliver(subscription, payload)));
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
