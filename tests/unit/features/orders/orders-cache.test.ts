import type { Order } from "@contract/orders";
import { QueryClient } from "@tanstack/react-query";
import { makeOrder } from "@tests/unit/helpers/orders";
import { describe, expect, it } from "vitest";
import { applyStatusNotification, orderKeys } from "@/features/orders/api/orders-api";

describe("a live status change", () => {
  it("updates the order in the cached list and detail in place, leaving the others alone", () => {
    const client = new QueryClient();
    const first = makeOrder({ id: 1, status: "confirmed" });
    const second = makeOrder({ id: 2, status: "confirmed" });
    client.setQueryData(orderKeys.list(), [first, second]);
    client.setQueryData(orderKeys.detail(1), first);

    const known = applyStatusNotification(client, {
      orderId: 1,
      status: "preparing",
      updatedAt: "2026-11-21T12:05:00.000Z",
    });

    expect(known).toBe(true);
    const list = client.getQueryData<Order[]>(orderKeys.list())!;
    expect(list.map((order) => order.status)).toEqual(["preparing", "confirmed"]);
    expect(list[1]).toBe(second);
    expect(client.getQueryData<Order>(orderKeys.detail(1))?.status).toBe("preparing");
    expect(client.getQueryData<Order>(orderKeys.detail(1))?.updated_at).toBe(
      "2026-11-21T12:05:00.000Z",
    );
  });

  it("creates nothing for an order it has never seen", () => {
    const client = new QueryClient();
    expect(applyStatusNotification(client, { orderId: 9, status: "ready" })).toBe(false);
    expect(client.getQueryData(orderKeys.detail(9))).toBeUndefined();
    expect(client.getQueryData(orderKeys.list())).toBeUndefined();
  });
});
