// @vitest-environment jsdom
import type { Order } from "@contract/orders";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { makeOrder } from "@tests/unit/helpers/orders";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orderKeys } from "@/lib/order-keys";
import { applyStatusNotification, orderDetailQuery, ordersListQuery } from "@/lib/order-queries";

/** fetch answers with `body` only when the returned `answer()` is called: a request still on its way. */
function heldAnswer(body: unknown) {
  let answer: () => void = () => undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              new Response(JSON.stringify(body), {
                status: 200,
                headers: { "content-type": "application/json" },
              }),
            );
        }),
    ),
  );
  return { answer: () => answer() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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

describe("a refetch on its way while a live status change lands", () => {
  it("never puts the order it fetched before the change back on the details", async () => {
    const client = new QueryClient();
    const confirmed = makeOrder({ id: 5, status: "confirmed" });
    client.setQueryData(orderKeys.detail(5), confirmed);
    const held = heldAnswer({ success: true, data: confirmed });

    const refetch = client.fetchQuery({ ...orderDetailQuery(5), staleTime: 0 });
    applyStatusNotification(client, { orderId: 5, status: "preparing" });
    held.answer();
    await refetch;

    expect(client.getQueryData<Order>(orderKeys.detail(5))?.status).toBe("preparing");
  });

  it("nor on the list", async () => {
    const client = new QueryClient();
    const confirmed = makeOrder({ id: 6, status: "confirmed" });
    client.setQueryData(orderKeys.list(), [confirmed]);
    const held = heldAnswer({ data: [confirmed] });

    const refetch = client.fetchQuery({ ...ordersListQuery(), staleTime: 0 });
    applyStatusNotification(client, { orderId: 6, status: "preparing" });
    held.answer();
    await refetch;

    expect(client.getQueryData<Order[]>(orderKeys.list())?.map((order) => order.status)).toEqual([
      "preparing",
    ]);
  });
});

describe("one cached copy per order", () => {
  it("a live status update reaches the order the details screen reads, and My Orders with it", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const confirmed = makeOrder({
      id: 7,
      status: "confirmed",
      updated_at: "2026-11-21T12:00:00.000Z",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).includes("/orders/details/7")
          ? { success: true, data: confirmed }
          : { data: [confirmed] };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    // Order Details (and the confirmation and cash screens) observe this query; My Orders observes the list.
    const details = new QueryObserver<Order>(client, orderDetailQuery(7));
    const myOrders = new QueryObserver<Order[]>(client, ordersListQuery());
    const shown: { details?: string; myOrders?: string } = {};
    const stopDetails = details.subscribe((result) => {
      shown.details = result.data?.status;
    });
    const stopList = myOrders.subscribe((result) => {
      shown.myOrders = result.data?.find((order) => order.id === 7)?.status;
    });
    await vi.waitFor(() => expect(shown).toEqual({ details: "confirmed", myOrders: "confirmed" }));

    // What src/app/LiveUpdates.tsx does with a socket 'order status' event.
    applyStatusNotification(client, {
      orderId: 7,
      status: "ready",
      updatedAt: "2026-11-21T12:10:00.000Z",
    });

    await vi.waitFor(() => expect(shown).toEqual({ details: "ready", myOrders: "ready" }));
    // The order itself is cached once: the list aside, no other entry holds a copy that could lag behind.
    const copies = client
      .getQueryCache()
      .findAll({ queryKey: orderKeys.all })
      .filter((query) => !Array.isArray(query.state.data))
      .map((query) => query.queryKey);
    expect(copies).toEqual([orderKeys.detail(7)]);
    stopDetails();
    stopList();
    client.clear();
  });
});
