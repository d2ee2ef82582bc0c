import { notificationTone } from "@contract/order-status";
import { describe, expect, it } from "vitest";
import { createNotificationStore } from "@/features/live/lib/notification-store";

describe("notification colours (docs/product-spec.md § States and transitions)", () => {
  it.each([
    ["confirmed", "info"],
    ["preparing", "warning"],
    ["ready", "success"],
    ["completed", "success"],
    ["cancelled", "error"],
    ["pending", "neutral"],
    ["pending_payment", "neutral"],
    ["delivered", "neutral"],
  ] as const)("%s is %s", (status, tone) => {
    expect(notificationTone(status)).toBe(tone);
  });
});

describe("received notifications", () => {
  it("keeps the 10 latest, newest first", () => {
    let clock = 0;
    const store = createNotificationStore(10, () => ++clock);
    for (let orderId = 1; orderId <= 12; orderId += 1) store.add({ orderId, status: "ready" });
    const kept = store.getSnapshot();
    expect(kept).toHaveLength(10);
    expect(kept.map((item) => item.orderId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(kept[0]?.receivedAt).toBe(12);
  });

  it("tells subscribers and forgets everything on clear", () => {
    const store = createNotificationStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.add({ orderId: 1, status: "preparing" });
    store.clear();
    stop();
    store.add({ orderId: 2, status: "preparing" });
    expect(calls).toBe(2);
    expect(store.getSnapshot().map((item) => item.orderId)).toEqual([2]);
  });
});
