import type { NoticeShownRequest } from "@contract/kitchen";
import { isWorkerToPageMessage } from "@contract/worker-protocol";
import { api } from "@/lib/api-client";

const reported = new Set<string>();

/**
 * Tells the server the customer was shown an order's status (the in-app toast, or a system notification): the
 * kitchen's ticket then reads "customer notified" and no text message is sent for it. Once per order and status
 * on this page; a failure is dropped (the server's text is the fallback, never a double alert).
 */
export function reportNoticeShown(
  orderId: number,
  status: string,
  via: NoticeShownRequest["via"],
): void {
  const key = `${orderId}:${status}`;
  if (reported.has(key)) return;
  reported.add(key);
  api.post(`/orders/${orderId}/notice-shown`, { status, via }).catch(() => reported.delete(key));
}

/** The service worker showed a push notification while this page was open but hidden: the page reports it. */
export function reportWorkerNotices(): () => void {
  const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (isWorkerToPageMessage(event.data) && event.data.type === "NOTICE_SHOWN")
      reportNoticeShown(event.data.orderId, event.data.status, "push");
  };
  container.addEventListener("message", onMessage);
  return () => container.removeEventListener("message", onMessage);
}

/** Signed out: the next person on this device starts afresh. */
export const forgetReportedNotices = () => reported.clear();
