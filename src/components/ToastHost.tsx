import { useSyncExternalStore } from "react";
import { toasts as appToasts, type ToastStore } from "../lib/toast-store";
import { Icon, type IconName } from "./Icon";

const TONE_ICON: Record<string, IconName> = {
  success: "check",
  error: "alert",
  warning: "alert",
  info: "info",
  neutral: "bell",
};

/** An order's status toast keeps the spec's colour but never a warning sign: in progress is not a problem. */
const STATUS_ICON: Record<string, IconName> = {
  success: "check",
  error: "close",
  warning: "clock",
  info: "bell",
  neutral: "bell",
};

const iconOf = (toast: { kind: string; tone: string }): IconName =>
  (toast.kind === "order-status" ? STATUS_ICON[toast.tone] : TONE_ICON[toast.tone]) ?? "info";

/** Top-right toast area; polite announcements, errors assertive, each with a dismiss control. */
export function ToastHost({ store = appToasts }: { store?: ToastStore }) {
  const visible = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section className="toast-host" aria-label="Notifications">
      {visible.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}${toast.kind === "order-status" ? " toast--compact" : ""}`}
          role={toast.tone === "error" ? "alert" : "status"}
          aria-live={toast.tone === "error" ? "assertive" : "polite"}
        >
          <Icon name={iconOf(toast)} size={20} className="toast__icon" />
          <div className="toast__body">
            {toast.title && <strong className="toast__title">{toast.title}</strong>}
            <span>{toast.message}</span>
          </div>
          {toast.action && (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                toast.action?.onClick();
                store.dismiss(toast.id);
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast__dismiss"
            aria-label="Dismiss notification"
            onClick={() => store.dismiss(toast.id)}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      ))}
    </section>
  );
}
