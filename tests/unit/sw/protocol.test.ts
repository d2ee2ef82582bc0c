import { orderStatusNotification, safeInAppPath } from "@contract/worker-protocol";
import { describe, expect, it } from "vitest";

describe("the worker's notification for an order status", () => {
  it("has one tag per order (a newer status replaces the older), the brand's icon and badge, and the order's path", () => {
    const { title, options } = orderStatusNotification({
      orderId: 12,
      title: "Bean Machine · Order #12",
      body: "Preparing Order",
      url: "/order/12",
    });
    expect(title).toBe("Bean Machine · Order #12");
    expect(options).toEqual({
      body: "Preparing Order",
      tag: "order-12",
      renotify: true,
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-72.png",
      data: { url: "/order/12", orderId: 12 },
    });
  });

  it.each([
    ["/order/12", "/order/12"],
    ["https://evil.example/phish", "/"],
    ["//evil.example/phish", "/"],
    ["javascript:alert(1)", "/"],
    [42, "/"],
  ])("only follows in-app paths from a notification: %s → %s", (url, expected) => {
    expect(safeInAppPath(url)).toBe(expected);
  });
});
