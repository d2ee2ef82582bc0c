import { emptyCart } from "@contract/cart";
import { QueryClient } from "@tanstack/react-query";
import { memoryStorage } from "@tests/unit/helpers/memory-storage";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartApi } from "@/features/cart/api/cart-http";
import { cartQuery, forgetCart, keepCart } from "@/features/cart/api/cart-keeper";
import { CART_STORAGE_KEYS } from "@/features/cart/lib/cart-storage";
import {
  chooseTrailer,
  currentTrailer,
  subscribeToTrailer,
} from "@/features/cart/lib/current-trailer";
import { writeLocalCartCopy } from "@/features/cart/lib/local-cart-copy";

const cartOf = (vendorId: number) => ({
  ...emptyCart(),
  vendorId,
  vendor_info: { id: vendorId, name: "Forno & Fuoco", preparationTime: { min: 10, max: 15 } },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
function keptClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  keepCart(client);
  return client;
}
/** The cart query as the app runs it, in a client the keeper keeps. */
const fetchCart = (vendorId: number | null, client = keptClient()) =>
  client.fetchQuery(cartQuery(vendorId, "takeaway"));
/** The current trailer (1), with its copy written as an earlier answer left it. */
function currentIs(vendorId: number) {
  chooseTrailer(vendorId);
  writeLocalCartCopy(cartOf(vendorId), storage);
}

let storage: Storage;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage = memoryStorage();
  storage.setItem("authToken", "token-123");
  fetchMock = vi.fn();
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe("GET /cart", () => {
  it("is a pure fetch: run on its own it returns the cart and writes nothing", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(200, { ...cartOf(1), subtotalPence: 550 }));
    const answer = await cartQuery(1, "takeaway").queryFn!({
      signal: new AbortController().signal,
      client: new QueryClient(),
      queryKey: ["cart", 1, "takeaway"],
    } as never);
    expect(answer.subtotalPence).toBe(550);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).cart.subtotalPence).toBe(0);
  });

  it("asks for the vendor and order type with the bearer token, and the keeper copies the current vendor's cart", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(200, { ...cartOf(1), subtotalPence: 550 }));
    await fetchCart(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/cart?vendorId=1&orderType=takeaway");
    expect(init.headers.Authorization).toBe("Bearer token-123");
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).cart.subtotalPence).toBe(550);
  });

  it("clears the local cart when the server refuses the current vendor's cart (the product spec (docs/product-spec.md § States and transitions): a 4xx)", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(404, { message: "Vendor 1 not found" }));
    await expect(fetchCart(1)).rejects.toThrow("Vendor 1 not found");
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEYS.vendor)).toBeNull();
  });

  it("keeps the local cart when the server fails (5xx): that is no answer about the cart", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(500, { message: "boom" }));
    await expect(fetchCart(1)).rejects.toThrow("boom");
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).not.toBeNull();
  });

  it("a refusal never drops queued writes: the mirror then holds them on an empty cart of their vendor", async () => {
    currentIs(1);
    const client = keptClient();
    client.getMutationCache().build(client, { mutationKey: ["cart-write"] }, {
      status: "pending",
      isPaused: true,
      submittedAt: 1,
      variables: {
        kind: "add",
        vendorId: 1,
        orderType: "takeaway",
        menuItemId: 7,
        tempLineId: -3,
        mutationId: "m-1",
        queued: true,
        item: { name: "Water", description: "", image: "", pricePence: 150 },
      },
    } as never);
    fetchMock.mockResolvedValue(json(403, { message: "Forbidden" }));
    await expect(fetchCart(1, client)).rejects.toThrow();
    const mirror = JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!);
    expect(
      mirror.cart.items.map((line: { name: string; lineId: number }) => [line.name, line.lineId]),
    ).toEqual([["Water", -3]]);
    expect(client.getMutationCache().getAll()).toHaveLength(1);
  });

  it("keeps the local cart when the server was never reached (offline with no saved copy)", async () => {
    currentIs(1);
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(fetchCart(1)).rejects.toThrow();
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).not.toBeNull();
  });

  it("leaves the current vendor's cart alone when another vendor's fetch fails", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(500, { message: "boom" }));
    await expect(fetchCart(2)).rejects.toThrow();
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).not.toBeNull();
  });

  it("copies only the current trailer's cart: another trailer's answer leaves the copy alone", async () => {
    currentIs(1);
    fetchMock.mockResolvedValue(json(200, { ...cartOf(2), subtotalPence: 990 }));
    await fetchCart(2);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).vendorId).toBe("vendor_1");
  });

  it("with no current trailer, the customer's latest cart makes its trailer current and is copied", async () => {
    fetchMock.mockResolvedValue(json(200, cartOf(3)));
    await fetchCart(null);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/cart?orderType=takeaway");
    expect(currentTrailer()).toBe(3);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).vendorId).toBe("vendor_3");
  });
});

describe("an order placed from the cart", () => {
  it("forgets the copy and the current trailer, and tells the screens showing it", () => {
    currentIs(1);
    const told = vi.fn();
    const stop = subscribeToTrailer(told);
    forgetCart(keptClient());
    stop();
    expect(currentTrailer()).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
    expect(told).toHaveBeenCalledTimes(1);
  });
});

describe("a cart answer older than the cart shown (nothing goes backwards)", () => {
  const key = ["cart", 1, "takeaway"] as const;
  const line = {
    id: "item_7",
    lineId: 3,
    menuItemId: 7,
    name: "Water",
    description: "",
    image: "",
    quantity: 2,
    price: 1.5,
    addonTotal: 0,
    totalPrice: 3,
    pricePence: 150,
    addonTotalPence: 0,
    totalPricePence: 300,
    allergyInformation: "",
    addons: [],
  };
  const run = (client: QueryClient) =>
    client.fetchQuery({ ...cartQuery(1, "takeaway"), staleTime: 0 });

  it("keeps the newer cart shown when an older copy comes back (the worker's cached answer offline)", async () => {
    currentIs(1);
    const client = keptClient();
    const shown = { ...cartOf(1), version: 5, items: [line] };
    client.setQueryData(key, shown);
    fetchMock.mockResolvedValue(json(200, { ...cartOf(1), version: 4 }));
    expect(await run(client)).toEqual(shown);
  });

  it("keeps a cart a write answered while the read was on its way", async () => {
    currentIs(1);
    const client = keptClient();
    client.setQueryData(key, { ...cartOf(1), version: 4 });
    let answer: () => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = () => resolve(json(200, { ...cartOf(1), version: 4 }));
      }),
    );
    const read = run(client);
    const written = { ...cartOf(1), version: 5, items: [line] };
    client.setQueryData(key, written);
    answer();
    expect(await read).toEqual(written);
  });

  it("draws queued writes on the answer, but not one restored in flight (the server may already hold it)", async () => {
    currentIs(1);
    const client = keptClient();
    const write = (mutationId: string, extra: object) =>
      client.getMutationCache().build(client, { mutationKey: ["cart-write"] }, {
        status: "pending",
        isPaused: true,
        submittedAt: 1,
        variables: {
          kind: "add",
          vendorId: 1,
          orderType: "takeaway",
          menuItemId: 9,
          tempLineId: -4,
          mutationId,
          queued: true,
          item: { name: "Cola", description: "", image: "", pricePence: 200 },
          ...extra,
        },
      } as never);
    write("replayed-after-reload", { inFlightAtRestore: true });
    fetchMock.mockImplementation(async () =>
      json(200, { ...cartOf(1), version: 2, items: [line] }),
    );
    expect((await run(client)).items.map((item) => [item.name, item.quantity])).toEqual([
      ["Water", 2],
    ]);
    write("queued-offline", {});
    expect((await run(client)).items.map((item) => [item.name, item.quantity])).toEqual([
      ["Water", 2],
      ["Cola", 1],
    ]);
  });

  it("shows the server's newer cart (a change made on another device) and mirrors it locally", async () => {
    currentIs(1);
    const client = keptClient();
    client.setQueryData(key, { ...cartOf(1), version: 4 });
    fetchMock.mockResolvedValue(json(200, { ...cartOf(1), version: 6, items: [line] }));
    expect((await run(client)).items).toEqual([line]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).cart.version).toBe(6);
  });
});

describe("cart writes", () => {
  it("send a fresh mutation id with every write", async () => {
    fetchMock.mockImplementation(async () => json(200, cartOf(1)));
    await cartApi.add({ itemId: 7, quantity: 1, vendorId: 1, orderType: "takeaway" });
    await cartApi.update({ itemId: 7, quantity: 0, vendorId: 1, lineId: 3 });
    await cartApi.removeAllByVendor(1);
    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init.method,
      body: JSON.parse(init.body),
    }));
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /api/cart/add",
      "PUT /api/cart/update",
      "DELETE /api/cart/remove-all-by-vendor",
    ]);
    const ids = sent.map((call) => call.body.mutationId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]!.body).toMatchObject({ itemId: 7, quantity: 0, lineId: 3 });
  });

  it("read a bare message or a whole cart from the allergy endpoint", async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { message: "Allergy information saved successfully" }),
    );
    expect(await cartApi.allergy({ itemId: 7, allergyInformation: "no nuts" })).toEqual({
      cart: null,
      message: "Allergy information saved successfully",
    });
    fetchMock.mockResolvedValueOnce(json(200, { ...cartOf(1), message: "Saved" }));
    const answer = await cartApi.allergy({ itemId: 7, allergyInformation: "no nuts" });
    expect(answer.cart?.vendorId).toBe(1);
  });
});
