// @vitest-environment jsdom

import type { Order } from "@contract/orders";
import { QueryClient } from "@tanstack/react-query";
import { makeOrder } from "@tests/unit/helpers/orders";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isOlderOrder, newerOrder, newerOrders } from "@/lib/order-freshness";
import { orderKeys } from "@/lib/order-keys";
import { applyStatusNotification, orderDetailQuery, ordersListQuery } from "@/lib/order-queries";

const at = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, "0")}:00.000Z`;

describe("an order never goes backwards", () => {
  it("calls a lower step older unless the server stamped it later (a staff undo or recall), and at one step the earlier update older", () => {
    expect(
      isOlderOrder(
        { status: "confirmed", updated_at: at(4) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(true);
    expect(
      isOlderOrder(
        { status: "confirmed", updated_at: at(5) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(true);
    expect(
      isOlderOrder(
        { status: "preparing", updated_at: at(9) },
        { status: "ready", updated_at: at(5) },
      ),
    ).toBe(false);
    expect(
      isOlderOrder(
        { status: "confirmed", updated_at: "" },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(true);
    expect(
      isOlderOrder(
        { status: "ready", updated_at: at(1) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(false);
    expect(
      isOlderOrder(
        { status: "preparing", updated_at: at(4) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(true);
    expect(
      isOlderOrder(
        { status: "preparing", updated_at: at(5) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(false);
    expect(
      isOlderOrder(
        { status: "cancelled", updated_at: at(1) },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(false);
    expect(
      isOlderOrder(
        { status: "preparing", updated_at: "" },
        { status: "preparing", updated_at: at(5) },
      ),
    ).toBe(false);
  });

  it("keeps the newer copy of each order in a list, and the arriving list's membership", () => {
    const shownPreparing = makeOrder({ id: 1, status: "preparing", updated_at: at(5) });
    const staleConfirmed = makeOrder({ id: 1, status: "confirmed", updated_at: at(1) });
    const other = makeOrder({ id: 2, status: "ready", updated_at: at(6) });
    expect(newerOrders([shownPreparing], [staleConfirmed, other])).toEqual([shownPreparing, other]);
    expect(newerOrder(shownPreparing, staleConfirmed)).toBe(shownPreparing);
    const fresher = makeOrder({ id: 1, status: "ready", updated_at: at(7) });
    expect(newerOrder(shownPreparing, fresher)).toBe(fresher);
  });
});

describe("orders queries keep what the screen showed", () => {
  afterEach(() => vi.unstubAllGlobals());
  const respond = (body: unknown) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );

  it("offline, the worker's older copy does not turn 'Preparing' back into 'Confirmed'", async () => {
    const client = new QueryClient();
    const confirmed = makeOrder({ id: 25, status: "confirmed", updated_at: at(1) });
    client.setQueryData(orderKeys.detail(25), confirmed);
    client.setQueryData(orderKeys.list(), [confirmed]);
    // The live feed announced 'preparing'.
    applyStatusNotification(client, { orderId: 25, status: "preparing", updatedAt: at(5) });

    respond({ success: true, data: confirmed });
    const detail = await orderDetailQuery(25).queryFn({
      signal: new AbortController().signal,
      client,
    });
    expect(detail.status).toBe("preparing");
    respond({ success: true, data: [confirmed] });
    const list = await ordersListQuery().queryFn({ signal: new AbortController().signal, client });
    expect(list.map((order: Order) => order.status)).toEqual(["preparing"]);
  });

  it("a replayed older status event changes nothing", () => {
    const client = new QueryClient();
    client.setQueryData(
      orderKeys.detail(3),
      makeOrder({ id: 3, status: "ready", updated_at: at(8) }),
    );
    applyStatusNotification(client, { orderId: 3, status: "preparing", updatedAt: at(5) });
    expect(client.getQueryData<Order>(orderKeys.detail(3))?.status).toBe("ready");
  });
});
