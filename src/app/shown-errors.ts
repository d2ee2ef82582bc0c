import { reportError, wasJustReported } from "../lib/android";

/** The same message shown again within this long (a re-render, a retry) is reported once. */
const REPEAT_WINDOW_MS = 5_000;

/**
 * Every error the customer sees is logged and forwarded to the Android host (the spec's error catalogue): inline
 * errors are drawn with role="alert" (sign-in, place order, plate lookup, declined card, 'Unable to verify order
 * status', load failures), so one watcher over the page reports each as it appears, whatever screen drew it.
 * Errors drawn inside a polite `role="status"` region (the menu's add-to-cart failure banner, voice-search problems)
 * carry `data-shown-error` and are reported the same way. Error toasts report themselves (src/lib/toast-store.ts)
 * and are skipped here.
 */
const SHOWN_ERROR = '[role="alert"], [data-shown-error]';
export function reportShownErrors(root: HTMLElement = document.body): () => void {
  const lastReported = new Map<string, number>();
  const report = (element: Element) => {
    if (element.closest(".toast-host")) return;
    const text = element.textContent?.replace(/\s+/g, " ").trim();
    if (!text) return;
    const now = Date.now();
    if (now - (lastReported.get(text) ?? Number.NEGATIVE_INFINITY) < REPEAT_WINDOW_MS) return;
    lastReported.set(text, now);
    // The code that hit the error reported it already (e.g. 'Test auto-login: …'): one report, not two.
    if (wasJustReported(text, now)) return;
    reportError(text, `shown on ${location.pathname}`);
  };
  const scan = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(SHOWN_ERROR)) report(node);
    for (const alert of node.querySelectorAll(SHOWN_ERROR)) report(alert);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "childList") for (const node of record.addedNodes) scan(node);
      else if (record.type === "characterData") {
        const alert = record.target.parentElement?.closest(SHOWN_ERROR);
        if (alert) report(alert);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  scan(root);
  return () => observer.disconnect();
}
