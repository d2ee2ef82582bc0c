// @vitest-environment jsdom

import type { Cart } from "@contract/cart";
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { type FakeCartServer, fakeCartServer } from "@tests/unit/helpers/fake-cart-server";
import { makeItem, makeOrder } from "@tests/unit/helpers/orders";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { orderAgain } from "@/app/order-again";
import { cartKeys, queuedWrites } from "@/features/cart/api/cart-keeper";
import { currentTrailer } from "@/features/cart/lib/current-trailer";
import { toasts } from "@/lib/toast-store";

let server: FakeCartServer;

const order = makeOrder({
  vendorId: 1,
  orderType: "takeaway",
  items: [
    makeItem({ menu_item_id: 7, name: "Margherita", quantity: 2, pricePence: 950 }),
    makeItem({ menu_item_id: 9, name: "Calzone", quantity: 1, pricePence: 1100 }),
  ],
});

function appClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  client.mount();
  return client;
}

const shownLines = (client: QueryClient) =>
  client
    .getQueryData<Cart>(cartKeys.detail(1, "takeaway"))
    ?.items.map((line) => `${line.name} × ${line.quantity}`);
const serverLines = () => server.cart().items.map((line) => `${line.name} × ${line.quantity}`);

function setNetwork(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  onlineManager.setOnline(online);
}

beforeEach(() => {
  server = fakeCartServer();
  vi.stubGlobal("fetch", vi.fn(server.fetch));
  localStorage.clear();
  localStorage.setItem("authToken", "token-123");
  toasts.clear();
  onlineManager.setOnline(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe("'Order Again' goes through the cart's one write path", () => {
  it("adds each line as ordered, shows the server's cart, makes its trailer current and mirrors the local copy", async () => {
    const client = appClient();
    server.soldOut.add(9);
    const goToCart = vi.fn();
    await orderAgain(order, client, goToCart);

    expect(server.log).toEqual([
      "POST /api/cart/add-with-addons",
      "POST /api/cart/add-with-addons",
    ]);
    expect(new Set(server.ids).size).toBe(2);
    expect(serverLines()).toEqual(["Margherita × 2"]);
    expect(shownLines(client)).toEqual(["Margherita × 2"]);
    expect(currentTrailer()).toBe(1);
    expect(JSON.parse(localStorage.getItem("cart")!).cart.items).toHaveLength(1);
    expect(toasts.getSnapshot().map((toast) => toast.message)).toContain(
      "Sold out or not available, not added: Calzone",
    );
    expect(goToCart).toHaveBeenCalledOnce();
  });

  it("offline, queues the lines like any other add: drawn at once, sent once when the network returns", async () => {
    const client = appClient();
    setNetwork(false);
    await orderAgain(order, client, vi.fn());
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Margherita × 2", "Calzone × 1"]));
    expect(server.log).toEqual([]);

    setNetwork(true);
    await vi.waitFor(() => expect(queuedWrites(client)).toHaveLength(0));
    expect(serverLines()).toEqual(["Margherita × 2", "Calzone × 1"]);
    expect(server.log.filter((call) => call.startsWith("POST"))).toHaveLength(2);
  });
});
