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
import { cartKeys, keepCart, queuedWrites } from "@/features/cart/api/cart-keeper";
import type { CartWrite } from "@/features/cart/lib/cart-write";
import { toasts } from "@/lib/toast-store";

const margherita = { name: "Margherita", description: "", image: "", pricePence: 950 };
const calzone = { name: "Calzone", description: "", image: "", pricePence: 1100 };
const cartKey = cartKeys.detail(1, "takeaway");

let server: FakeCartServer;
let ids = 0;
beforeEach(() => {
  ids = 0;
});

function appClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  keepCart(client);
  client.mount();
  return client;
}

/** A write as the cart hook makes it (queued when made offline). */
function write(client: QueryClient, change: Record<string, unknown>): Promise<unknown> {
  const variables = {
    vendorId: 1,
    orderType: "takeaway",
    mutationId: `mutation-${++ids}`,
    queued: !onlineManager.isOnline(),
    ...change,
  } as CartWrite;
  return new MutationObserver<unknown, Error, CartWrite>(client, {
    mutationKey: cartKeys.writes,
  })
    .mutate(variables)
    .catch(() => undefined);
}

const addMargherita = (client: QueryClient) =>
  write(client, {
    kind: "add",
    menuItemId: 7,
    tempLineId: -1,
    item: margherita,
    itemName: "Margherita",
  });

const shown = (client: QueryClient) => client.getQueryData<Cart>(cartKey);
const shownLines = (client: QueryClient) =>
  shown(client)?.items.map((line) => `${line.name} × ${line.quantity}`);
const serverLines = () => server.cart().items.map((line) => `${line.name} × ${line.quantity}`);
/** The browser's network state, as the app reads it (navigator.onLine and the online/offline events). */
function setNetwork(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  onlineManager.setOnline(online);
}

const settle = () => vi.waitFor(() => expect(server.log.length).toBeGreaterThan(0));

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

describe("cart writes made offline", () => {
  it("are drawn in the cart at once, wait while offline, then replay in order with their ids; the server's cart is what was shown", async () => {
    const client = appClient();
    setNetwork(false);

    void addMargherita(client);
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Margherita × 1"]));
    const standIn = shown(client)!.items[0]!.lineId;
    expect(standIn).toBeLessThan(0);
    // Step the new line up twice, then add another item.
    const config = { menuItemId: 7, addonIds: [], allergyInformation: "" };
    void write(client, {
      kind: "update",
      menuItemId: 7,
      lineId: standIn,
      line: config,
      quantity: 2,
      itemName: "Margherita",
    });
    void write(client, {
      kind: "update",
      menuItemId: 7,
      lineId: standIn,
      line: config,
      quantity: 3,
      itemName: "Margherita",
    });
    void write(client, {
      kind: "add",
      menuItemId: 9,
      tempLineId: -2,
      item: calzone,
      itemName: "Calzone",
    });
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Margherita × 3", "Calzone × 1"]));
    const seen = shownLines(client);

    expect(server.log).toEqual([]);
    expect(queuedWrites(client)).toHaveLength(4);
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((mutation) => mutation.state.isPaused),
    ).toBe(true);

    setNetwork(true);
    await vi.waitFor(() => expect(queuedWrites(client)).toHaveLength(0));

    expect(server.log).toEqual([
      "POST /api/cart/add",
      "PUT /api/cart/update",
      "PUT /api/cart/update",
      "POST /api/cart/add",
    ]);
    expect(server.ids).toEqual(["mutation-1", "mutation-2", "mutation-3", "mutation-4"]);
    expect(serverLines()).toEqual(seen);
    // The stand-in id was replaced by the server's line.
    expect(shown(client)).toEqual(server.cart());
  });

  it("survive a reload: saved paused, restored into a new client, sent once when the network returns", async () => {
    const before = appClient();
    setNetwork(false);
    void addMargherita(before);
    await vi.waitFor(() => expect(shownLines(before)).toEqual(["Margherita × 1"]));
    const saved = JSON.parse(JSON.stringify(dehydrate(before)));
    before.unmount();

    // The page reloads while still offline.
    const after = appClient();
    hydrate(after, saved);
    expect(shownLines(after)).toEqual(["Margherita × 1"]);
    expect(queuedWrites(after)).toHaveLength(1);

    setNetwork(true);
    await vi.waitFor(() => expect(queuedWrites(after)).toHaveLength(0));
    // Resumed again (focus, a second reconnect): still once.
    await after.resumePausedMutations();
    expect(server.log).toEqual(["POST /api/cart/add"]);
    expect(serverLines()).toEqual(["Margherita × 1"]);
    expect(shownLines(after)).toEqual(["Margherita × 1"]);
  });

  it("a replay the server refuses is named in a toast with its reason, and the cart shows the server's truth", async () => {
    const client = appClient();
    client.setQueryData(cartKey, server.cart());
    server.soldOut.add(9);
    setNetwork(false);

    void addMargherita(client);
    void write(client, {
      kind: "add",
      menuItemId: 9,
      tempLineId: -2,
      item: calzone,
      itemName: "Calzone",
    });
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Margherita × 1", "Calzone × 1"]));

    setNetwork(true);
    await vi.waitFor(() => expect(server.log).toContain("GET /api/cart"));
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Margherita × 1"]));
    expect(toasts.getSnapshot()).toEqual([
      expect.objectContaining({
        kind: "cart",
        title: "Couldn't add Calzone",
        message: "Calzone is sold out",
      }),
    ]);
    expect(serverLines()).toEqual(["Margherita × 1"]);
  });

  it("a change on a line whose add was refused is not sent at all", async () => {
    const client = appClient();
    server.soldOut.add(9);
    setNetwork(false);
    void write(client, {
      kind: "add",
      menuItemId: 9,
      tempLineId: -2,
      item: calzone,
      itemName: "Calzone",
    });
    void write(client, {
      kind: "update",
      menuItemId: 9,
      lineId: -2,
      line: { menuItemId: 9, addonIds: [], allergyInformation: "" },
      quantity: 2,
    });
    await vi.waitFor(() => expect(shownLines(client)).toEqual(["Calzone × 2"]));

    setNetwork(true);
    await vi.waitFor(() => expect(queuedWrites(client)).toHaveLength(0));
    await settle();
    expect(server.log.filter((entry) => entry !== "GET /api/cart")).toEqual(["POST /api/cart/add"]);
    await vi.waitFor(() => expect(shownLines(client)).toEqual([]));
  });
});

describe("cart writes made online", () => {
  it("are not drawn before the server answers (the page shows them busy), then show the server's cart", async () => {
    const client = appClient();
    client.setQueryData(cartKey, server.cart());
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => (answer = (r) => resolve(r))).then(() =>
          server.fetch(input, init),
        ),
      ),
    );
    const done = addMargherita(client);
    await vi.waitFor(() => expect(client.isMutating({ mutationKey: cartKeys.writes })).toBe(1));
    expect(shownLines(client)).toEqual([]);
    expect(queuedWrites(client)).toHaveLength(0);

    answer(new Response());
    await done;
    expect(shownLines(client)).toEqual(["Margherita × 1"]);
  });

  it("wait for each other (one scope), so two quick taps reach the server in order", async () => {
    const client = appClient();
    await Promise.all([
      addMargherita(client),
      write(client, { kind: "add", menuItemId: 8, tempLineId: -3 }),
    ]);
    expect(server.ids).toEqual(["mutation-1", "mutation-2"]);
    expect(shownLines(client)).toEqual(["Margherita × 1", "Marinara × 1"]);
  });
});
