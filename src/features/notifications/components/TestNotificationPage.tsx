import { MESSAGES } from "@contract/messages";
import { notificationTone } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";
import { orderStatusNotification } from "@contract/worker-protocol";
import { useState } from "react";
import { Button } from "@/components/Button";
import { PageHeader } from "@/components/PageHeader";
import { toasts } from "@/lib/toast-store";
import { enableNotifications, pushSupported } from "../lib/push-subscription";
import { SAMPLE_STATUSES, sampleStatusMessage } from "../lib/sample-notifications";
import "../notifications.css";
import { RecordedTexts } from "./RecordedTexts";

type Permission = NotificationPermission | "unsupported";

const PERMISSION_TEXT: Record<Permission, string> = {
  granted: "Allowed — status samples also appear as system notifications.",
  default: "Not asked yet — samples show as in-app toasts only.",
  denied: "Blocked in the browser settings — samples show as in-app toasts only.",
  unsupported: "This browser has no system notifications — samples show as in-app toasts only.",
};

const STATUS_BUTTON: Record<(typeof SAMPLE_STATUSES)[number], string> = {
  confirmed: "Order confirmed",
  preparing: "Preparing",
  ready: "Ready for pickup",
  cancelled: "Cancelled",
};

const currentPermission = (): Permission =>
  pushSupported() ? Notification.permission : "unsupported";

/** Shown through the service worker, exactly as a web push would be (the page is visible, so the worker itself would stay quiet). */
async function showSystemNotification(status: OrderStatus): Promise<boolean> {
  if (currentPermission() !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  const { title, options } = orderStatusNotification(sampleStatusMessage(status));
  await registration.showNotification(title, options);
  return true;
}

/** Developer page (docs/product-spec.md § Screens and routes): sample order-status, success and error notifications. */
export default function TestNotificationPage() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);
  const [lastSent, setLastSent] = useState<string | null>(null);

  const fireStatus = async (status: OrderStatus) => {
    const message = sampleStatusMessage(status);
    toasts.push({
      kind: "order-status",
      title: message.title,
      message: message.body,
      tone: notificationTone(status),
      about: "order-25",
    });
    const system = await showSystemNotification(status).catch(() => false);
    setLastSent(`${message.body}: in-app toast${system ? " and system notification" : ""}`);
  };

  return (
    <div className="page test-notifications">
      <PageHeader title="Notification test" backTo="/" />
      <p className="test-notifications__intro">
        A developer page: each button fires a sample notification for order #25.
      </p>

      <section className="card test-notifications__section" aria-labelledby="order-status-heading">
        <h2 id="order-status-heading">Order status</h2>
        <div className="test-notifications__grid">
          {SAMPLE_STATUSES.map((status) => (
            <Button key={status} variant="secondary" onClick={() => void fireStatus(status)}>
              {STATUS_BUTTON[status]}
            </Button>
          ))}
        </div>
      </section>

      <section className="card test-notifications__section" aria-labelledby="other-heading">
        <h2 id="other-heading">Other notifications</h2>
        <div className="test-notifications__grid">
          <Button
            variant="secondary"
            onClick={() => {
              toasts.push({ kind: "success", message: MESSAGES.addToCartSuccess });
              setLastSent("Success toast");
            }}
          >
            Success
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              toasts.push({ kind: "error", message: MESSAGES.addToCartFailed });
              setLastSent("Error toast");
            }}
          >
            Error
          </Button>
        </div>
      </section>

      <section className="card test-notifications__section" aria-labelledby="system-heading">
        <h2 id="system-heading">System notifications</h2>
        <p>{PERMISSION_TEXT[permission]}</p>
        {permission === "default" && (
          <Button
            busy={asking}
            onClick={async () => {
              setAsking(true);
              setPermission(await enableNotifications());
              setAsking(false);
            }}
          >
            {asking ? "Asking..." : "Allow notifications"}
          </Button>
        )}
      </section>

      <RecordedTexts />

      <p className="test-notifications__last" role="status">
        {lastSent ? `Sent — ${lastSent}` : ""}
      </p>
    </div>
  );
}
