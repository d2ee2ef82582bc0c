import { reportError } from "./android";

/**
 * Toast rules of the product spec (docs/product-spec.md § Business constants and limits): 3 shown, duplicates suppressed, 20 held, per-kind durations. A toast's kind alone
 * decides how long it stays (no call site can choose another duration):
 * - `info`: anything else (6 s, the default);
 * - `order-status`: an order's status changed or an order was placed (6 s);
 * - `error`: a failure that is not the cart's (6 s), e.g. an order not sent, a staff board refusal;
 * - `success`: a confirmation (4 s);
 * - `addon-validation`: required add-ons missing (5 s);
 * - `cart`: a cart error: any failed cart call (add, update, clear, allergy note, delivery instructions), live or
 *   replayed after being offline (3 s, like the menu's cart banner).
 * Every error toast (tone "error") is also logged and forwarded to the Android host (docs/product-spec.md § Error catalogue).
 */
export type ToastKind = "success" | "error" | "info" | "order-status" | "addon-validation" | "cart";
export type ToastTone = "success" | "error" | "info" | "warning" | "neutral";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  kind: ToastKind;
  message: string;
  title?: string;
  tone?: ToastTone;
  action?: ToastAction;
  /**
   * What the toast is about ('order-12'): a newer toast about the same thing takes the older one's place instead
   * of stacking under it (two status changes of one order make one toast, not two over its status banner).
   */
  about?: string;
}

export interface Toast extends ToastInput {
  id: number;
  tone: ToastTone;
  durationMs: number;
}

export const MAX_VISIBLE = 3;
export const MAX_HELD = 20;
export const DUPLICATE_WINDOW_MS = 3000;
export const QUEUE_RETRY_MS = 1000;

export const DURATION_MS: Record<ToastKind, number> = {
  info: 6000,
  "order-status": 6000,
  error: 6000,
  success: 4000,
  "addon-validation": 5000,
  cart: 3000,
};

const DEFAULT_TONE: Record<ToastKind, ToastTone> = {
  info: "info",
  "order-status": "info",
  error: "error",
  success: "success",
  "addon-validation": "warning",
  cart: "error",
};

const keyOf = (toast: Pick<ToastInput, "kind" | "message" | "title">) =>
  `${toast.kind}|${toast.title ?? ""}|${toast.message}`;

export interface ToastStoreOptions {
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createToastStore(options: ToastStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let visible: Toast[] = [];
  let queue: Toast[] = [];
  let nextId = 1;
  let retryTimer: unknown = null;
  const shownAt = new Map<string, number>();
  const hideTimers = new Map<number, unknown>();
  const listeners = new Set<() => void>();
  let snapshot: readonly Toast[] = visible;

  const emit = () => {
    snapshot = [...visible];
    for (const listener of listeners) listener();
  };

  const isDuplicate = (input: ToastInput) => {
    const key = keyOf(input);
    if (
      visible.some((toast) => keyOf(toast) === key) ||
      queue.some((toast) => keyOf(toast) === key)
    )
      return true;
    const last = shownAt.get(key);
    return last !== undefined && now() - last < DUPLICATE_WINDOW_MS;
  };

  const show = (toast: Toast) => {
    visible = [...visible, toast];
    shownAt.set(keyOf(toast), now());
    hideTimers.set(
      toast.id,
      setTimer(() => dismiss(toast.id), toast.durationMs),
    );
  };

  const drain = () => {
    retryTimer = null;
    while (visible.length < MAX_VISIBLE && queue.length > 0) show(queue.shift()!);
    if (queue.length > 0 && retryTimer === null) retryTimer = setTimer(drain, QUEUE_RETRY_MS);
    emit();
  };

  function push(input: ToastInput): number | null {
    if (isDuplicate(input)) return null;
    if (input.about !== undefined) {
      queue = queue.filter((held) => held.about !== input.about);
      for (const older of visible.filter((shown) => shown.about === input.about)) {
        const timer = hideTimers.get(older.id);
        if (timer !== undefined) clearTimer(timer);
        hideTimers.delete(older.id);
      }
      visible = visible.filter((shown) => shown.about !== input.about);
    }
    const toast: Toast = {
      ...input,
      id: nextId++,
      tone: input.tone ?? DEFAULT_TONE[input.kind],
      durationMs: DURATION_MS[input.kind],
    };
    if (toast.tone === "error")
      reportError(toast.title ? `${toast.title}: ${toast.message}` : toast.message, "error toast");
    if (visible.length < MAX_VISIBLE) {
      show(toast);
      emit();
    } else {
      if (queue.length >= MAX_HELD) queue.shift();
      queue.push(toast);
      if (retryTimer === null) retryTimer = setTimer(drain, QUEUE_RETRY_MS);
    }
    return toast.id;
  }

  function dismiss(id: number) {
    const timer = hideTimers.get(id);
    if (timer !== undefined) clearTimer(timer);
    hideTimers.delete(id);
    const before = visible.length;
    visible = visible.filter((toast) => toast.id !== id);
    if (visible.length !== before) drain();
  }

  return {
    push,
    dismiss,
    clear() {
      for (const timer of hideTimers.values()) clearTimer(timer);
      hideTimers.clear();
      visible = [];
      queue = [];
      emit();
    },
    getSnapshot: () => snapshot,
    queued: () => queue.length,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's one toast store. */
export const toasts = createToastStore();
