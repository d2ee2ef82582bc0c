// @vitest-environment jsdom

import type { Order, OrderStatusNotification } from "@contract/orders";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { catchUpOnOrders } from "@/app/LiveUpdates";
import { orderKeys } from "@/lib/order-keys";
import { makeOrder } from "../helpers/orders";

describe("catching up after a reconnect", () => {
  it("refetches the cached open orders and announces each status that changed meanwhile", async () => {
    const client = new QueryClient();
    let server: Order[] = [
      makeOrder({ id: 1, status: "confirmed" }),
      makeOrder({ id: 2, status: "completed" }),
    ];
    let listFetches = 0;
    let finishedDetailFetches = 0;
    // The queries as the pages define them (only their fetch matters here).
    client.setQueryDefaults(orderKeys.list(), {
      queryFn: async () => {
        listFetches += 1;
        return server;
      },
    });
    client.setQueryDefaults(orderKeys.detail(2), {
      queryFn: async () => {
        finishedDetailFetches += 1;
        return server[1];
      },
    });
    client.setQueryData(orderKeys.list(), server);
    client.setQueryData(orderKeys.detail(2), server[1]);
    // Missed while the socket was away: order 1 moved on.
    server = [makeOrder({ id: 1, status: "preparing", vendorName: "Forno" }), server[1]!];

    const announced: OrderStatusNotification[] = [];
    await catchUpOnOrders(client, (notification) => announced.push(notification));

    expect(listFetches).toBe(1);
    expect(finishedDetailFetches).toBe(0); // a finished order cannot change: not fetched
    expect(announced).toEqual([
      expect.objectContaining({ orderId: 1, status: "preparing", vendorName: "Forno" }),
    ]);
    expect(client.getQueryData<Order[]>(orderKeys.list())?.[0]?.status).toBe("preparing");

    // Nothing changed since: nothing announced.
    await catchUpOnOrders(client, (notification) => announced.push(notification));
    expect(announced).toHaveLength(1);
  });
});
