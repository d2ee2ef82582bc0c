import { pushPublicKeyResponseSchema } from "@contract/push";
import { api } from "@/lib/api-client";

export async function fetchPushPublicKey(): Promise<string> {
  return (await api.get("/push/public-key", pushPublicKeyResponseSchema)).publicKey;
}

/** Stores this browser's subscription for the signed-in customer (the server upserts by endpoint). */
export function saveSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  return api.post("/push/subscribe", subscription);
}

/** Sign-out: the stored token is already gone, so the one that was in use is passed in. */
export function deleteSubscription(endpoint: string, token: string): Promise<unknown> {
  return api.delete("/push/subscribe", { endpoint }, undefined, {
    anonymous: true,
    headers: { Authorization: `Bearer ${token}` },
  });
}
