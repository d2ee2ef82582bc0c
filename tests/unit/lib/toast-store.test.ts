import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, type ToastKind, type ToastStore } from "@/lib/toast-store";

const messages = (store: ToastStore) => store.getSnapshot().map((toast) => toast.message);

describe("toast store (docs/product-spec.md § Business constants and limits)", () => {
  let store: ToastStore;
  let timerDelays: number[];

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-21T12:00:00Z") });
    timerDelays = [];
    store = createToastStore({
      now: () => Date.now(),
      setTimer: (callback, ms) => {
        timerDelays.push(ms);
        return setTimeout(callback, ms);
      },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows at most 3 toasts at once and holds the rest", () => {
    for (const message of ["one", "two", "three", "four", "five"])
      store.push({ kind: "info", message });

    expect(messages(store)).toEqual(["one", "two", "three"]);
    expect(store.queued()).toBe(2);
  });

  it("shows a held toast as soon as a shown one is dismissed", () => {
    const ids = ["one", "two", "three", "four"].map((message) =>
      store.push({ kind: "info", message }),
    );

    store.dismiss(ids[1]!);

    expect(messages(store)).toEqual(["one", "three", "four"]);
    expect(store.queued()).toBe(0);
  });

  it("holds at most 20 toasts", () => {
    for (let n = 1; n <= 30; n++) store.push({ kind: "info", message: `toast ${n}` });

    expect(store.getSnapshot()).toHaveLength(3);
    expect(store.queued()).toBe(20);
  });

  it("drops the oldest held toast when a 21st arrives, so the newest are kept", () => {
    for (let n = 1; n <= 30; n++) store.push({ kind: "info", message: `toast ${n}` });

    const shownInTurn: string[] = [];
    while (store.getSnapshot().length > 0) {
      const [first] = store.getSnapshot();
      shownInTurn.push(first!.message);
      store.dismiss(first!.id);
    }

    const expected = [1, 2, 3, ...Array.from({ length: 20 }, (_, index) => index + 11)].map(
      (n) => `toast ${n}`,
    );
    expect(shownInTurn).toEqual(expected);
  });

  it("clear() removes what is shown and what is held", () => {
    for (let n = 1; n <= 5; n++) store.push({ kind: "info", message: `toast ${n}` });

    store.clear();

    expect(store.getSnapshot()).toEqual([]);
    expect(store.queued()).toBe(0);
  });

  describe("duplicates", () => {
    it("suppresses a toast identical to one being shown", () => {
      expect(store.push({ kind: "error", message: "Failed to update cart" })).not.toBeNull();
      expect(store.push({ kind: "error", message: "Failed to update cart" })).toBeNull();

      expect(messages(store)).toEqual(["Failed to update cart"]);
    });

    it("suppresses a toast identical to one waiting in the queue", () => {
      for (const message of ["one", "two", "three", "four"]) store.push({ kind: "info", message });

      expect(store.push({ kind: "info", message: "four" })).toBeNull();
      expect(store.queued()).toBe(1);
    });

    it("suppresses a repeat for 3 s after the first was shown, even once dismissed", () => {
      const id = store.push({ kind: "success", message: "Cart cleared successfully" })!;
      store.dismiss(id);

      vi.advanceTimersByTime(2999);
      expect(store.push({ kind: "success", message: "Cart cleared successfully" })).toBeNull();

      vi.advanceTimersByTime(1);
      expect(store.push({ kind: "success", message: "Cart cleared successfully" })).not.toBeNull();
      expect(messages(store)).toEqual(["Cart cleared successfully"]);
    });

    it("treats the same text of another kind or title as a different toast", () => {
      store.push({ kind: "info", message: "Ready" });

      expect(store.push({ kind: "order-status", message: "Ready" })).not.toBeNull();
      expect(store.push({ kind: "info", message: "Ready", title: "Order #12" })).not.toBeNull();
      expect(store.getSnapshot()).toHaveLength(3);
    });
  });

  describe("how long each kind stays", () => {
    it.each<[ToastKind, number]>([
      ["info", 6000],
      ["order-status", 6000],
      ["error", 6000],
      ["success", 4000],
      ["addon-validation", 5000],
      ["cart", 3000],
    ])("%s: %i ms", (kind, durationMs) => {
      store.push({ kind, message: "Something happened" });

      vi.advanceTimersByTime(durationMs - 1);
      expect(store.getSnapshot()).toHaveLength(1);
      expect(store.getSnapshot()[0]!.durationMs).toBe(durationMs);

      vi.advanceTimersByTime(1);
      expect(store.getSnapshot()).toHaveLength(0);
    });
  });

  describe("the queue", () => {
    it("retries every second while all slots stay busy", () => {
      for (const message of ["one", "two", "three"]) store.push({ kind: "info", message });
      timerDelays = [];

      store.push({ kind: "info", message: "four" });
      expect(timerDelays).toEqual([1000]);

      vi.advanceTimersByTime(1000);
      expect(messages(store)).toEqual(["one", "two", "three"]);
      expect(store.queued()).toBe(1);
      expect(timerDelays).toEqual([1000, 1000]);
    });

    it("drains held toasts in order as the shown ones expire", () => {
      store.push({ kind: "cart", message: "cart a" }); // 3 s
      store.push({ kind: "success", message: "success b" }); // 4 s
      store.push({ kind: "error", message: "error c" }); // 6 s
      store.push({ kind: "info", message: "held d" });
      store.push({ kind: "info", message: "held e" });

      vi.advanceTimersByTime(3000);
      expect(messages(store)).toEqual(["success b", "error c", "held d"]);

      vi.advanceTimersByTime(1000);
      expect(messages(store)).toEqual(["error c", "held d", "held e"]);
      expect(store.queued()).toBe(0);
    });

    it("notifies subscribers when what is shown changes", () => {
      const listener = vi.fn();
      const unsubscribe = store.subscribe(listener);

      const id = store.push({ kind: "info", message: "hello" })!;
      store.dismiss(id);
      unsubscribe();
      store.push({ kind: "info", message: "unheard" });

      expect(listener).toHaveBeenCalledTimes(2);
    });
  });

  it("gives each kind its default tone", () => {
    store.push({ kind: "error", message: "bad" });
    store.push({ kind: "success", message: "good" });
    store.push({ kind: "addon-validation", message: "pick one" });

    expect(store.getSnapshot().map((toast) => toast.tone)).toEqual(["error", "success", "warning"]);
  });

  it("a newer toast about the same order takes the older one's place instead of stacking", () => {
    store.push({ kind: "order-status", message: "Order #7 is being prepared", about: "order-7" });
    store.push({ kind: "order-status", message: "Order #8 is confirmed", about: "order-8" });
    store.push({ kind: "order-status", message: "Order #7 is ready", about: "order-7" });

    expect(messages(store)).toEqual(["Order #8 is confirmed", "Order #7 is ready"]);
    vi.advanceTimersByTime(6000);
    expect(messages(store)).toEqual([]);
  });
});
