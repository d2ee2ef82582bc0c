import { useAuth } from "@/features/auth/hooks/auth-context";
import { usePushSubscription } from "@/features/notifications/hooks/use-push-subscription";

/** Keeps the signed-in customer's web push subscription on the server. Renders nothing. */
export function PushSync() {
  usePushSubscription(useAuth().status === "signed-in");
  return null;
}
