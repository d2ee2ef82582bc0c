// @vitest-environment jsdom

import type { Cart } from "@contract/cart";
import {
  dehydrate,
  hydrate,
  MutationObserver,
  onlineManager,
  QueryClient,
} from "@tanstack/react-query";
import { type FakeCartServer, fakeCartServer } from "@tests/unit/helpers/fake-cart-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartForCashOrders } from "@/app/cart-for-checkout";
import { cartKeys, keepCart } from "@/features/cart/api/cart-keeper";
import type { CartWrite } from "@/features/cart/lib/cart-write";
import {
  type CashOrderWrite,
  cashOrderKey,
  confirmedLines,
  registerCashOrders,
  setCashOrderHandlers,
} from "@/features/checkout/api/cash-orders";
import { toasts } from "@/lib/toast-store";

let server: FakeCartServer;
const placed = vi.fn();
const notSent = vi.fn();

function setNetwork(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  onlineManager.setOnline(online);
}

function appClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  keepCart(client);
  registerCashOrders(client, cartForCashOrders);
  client.mount();
  return client;
}

const calzone = { name: "Calzone", description: "", image: "", pricePence: 1100 };

function addOffline(client: QueryClient, menuItemId: number, mutationId: string) {
  const write = {
    kind: "add",
    vendorId: 1,
    orderType: "takeaway",
    menuItemId,
    tempLineId: -menuItemId,
    item: calzone,
    mutationId,
    queued: true,
  } as CartWrite;
  void new MutationObserver<unknown, Error, CartWrite>(client, {
    mutationKey: cartKeys.writes,
  })
    .mutate(write)
    .catch(() => undefined);
}

/** The cash order as the cart page places it, from the cart on screen. */
function placeCashOrder(client: QueryClient, cart: Cart, queued: boolean) {
  const write: CashOrderWrite = {
    order: {
      vendorId: 1,
      orderType: "takeaway",
      items: [],
      deliveryInstructions: null,
      allergyNote: null,
      vehicleData: null,
      paymentMethod: "cash_at_counter",
    },
    idempotencyKey: "order-attempt-1",
    queued,
    lines: confirmedLines(cart),
    summary: {
      vendorName: "Forno & Fuoco",
      orderType: "Click & Collect",
      totalPence: cart.totalPence,
      preparationTime: null,
      items: [],
      vehicle: null,
    },
  };
  void new MutationObserver<{ id: number }, Error, CashOrderWrite>(client, {
    mutationKey: cashOrderKey,
  })
    .mutate(write)
    .catch(() => undefined);
}

const shownCart = (client: QueryClient) =>
  client.getQueryData<Cart>(cartKeys.detail(1, "takeaway"));

beforeEach(() => {
  server = fakeCartServer();
  vi.stubGlobal("fetch", vi.fn(server.fetch));
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem("authToken", "token-123");
  toasts.clear();
  placed.mockReset();
  notSent.mockReset();
  setCashOrderHandlers({ placed, notSent });
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe("a cash order placed offline", () => {
  it("waits behind the cart changes queued before it, then is sent once with its Idempotency-Key", async () => {
    const client = appClient();
    setNetwork(false);
    addOffline(client, 9, "mutation-1");
    await vi.waitFor(() => expect(shownCart(client)?.items).toHaveLength(1));
    placeCashOrder(client, shownCart(client)!, true);
    await vi.waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(2));
    expect(server.log).toEqual([]);

    setNetwork(true);
    await vi.waitFor(() => expect(placed).toHaveBeenCalledTimes(1));
    // The cart change first, then the check of the cart, then the order.
    expect(server.log).toEqual(["POST /api/cart/add", "GET /api/cart", "POST /api/orders"]);
    expect(server.orders).toEqual([
      { id: 500, key: "order-attempt-1", lines: [{ menuItemId: 9, quantity: 1 }] },
    ]);
    expect(placed.mock.calls[0]![0]).toMatchObject({ orderId: 500, vendorName: "Forno & Fuoco" });

    // Resumed again (focus, another reconnect): nothing more is sent.
    await client.resumePausedMutations();
    expect(server.orders).toHaveLength(1);
  });

  it("survives a reload and is still placed exactly once", async () => {
    const before = appClient();
    setNetwork(false);
    addOffline(before, 9, "mutation-1");
    await vi.waitFor(() => expect(shownCart(before)?.items).toHaveLength(1));
    placeCashOrder(before, shownCart(before)!, true);
    await vi.waitFor(() =>
      expect(
        before
          .getMutationCache()
          .getAll()
          .filter((m) => m.state.isPaused),
      ).toHaveLength(2),
    );
    const saved = JSON.parse(JSON.stringify(dehydrate(before)));
    before.unmount();

    const after = appClient();
    hydrate(after, saved);
    setNetwork(true);
    await vi.waitFor(() => expect(placed).toHaveBeenCalledTimes(1));
    expect(server.orders).toHaveLength(1);
    expect(server.log.filter((entry) => entry === "POST /api/orders")).toHaveLength(1);
  });

  it("is not sent when a cart change before it was refused: the customer is told and sees the server's cart", async () => {
    server.addElsewhere(7);
    const client = appClient();
    client.setQueryData(cartKeys.detail(1, "takeaway"), server.cart());
    server.soldOut.add(9);
    setNetwork(false);
    addOffline(client, 9, "mutation-1");
    await vi.waitFor(() => expect(shownCart(client)?.items).toHaveLength(2));
    placeCashOrder(client, shownCart(client)!, true);

    setNetwork(true);
    await vi.waitFor(() => expect(notSent).toHaveBeenCalledTimes(1));
    expect(server.orders).toEqual([]);
    expect(placed).not.toHaveBeenCalled();
    expect(toasts.getSnapshot().map((toast) => toast.title)).toEqual([
      "Couldn't add Calzone",
      "Your order was not sent",
    ]);
    expect(toasts.getSnapshot()[1]!.message).toContain("Your cart changed while you were offline");
  });

  it("online, goes straight to the server and still carries its key", async () => {
    server.addElsewhere(7);
    const client = appClient();
    placeCashOrder(client, server.cart(), false);
    await vi.waitFor(() => expect(placed).toHaveBeenCalledTimes(1));
    expect(server.log).toEqual(["POST /api/orders"]);
    expect(server.ids).toEqual(["order-attempt-1"]);
  });
});
