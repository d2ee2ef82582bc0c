import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyCart } from "../../../../contract/cart";
import { cartApi, cartQuery } from "../../../../src/features/cart/api/cart-api";
import { CART_KEYS, writeLocalCart } from "../../../../src/features/cart/lib/cart-storage";

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const cartOf = (vendorId: number) => ({ ...emptyCart(), vendorId, vendor_info: { id: vendorId, name: "Forno & Fuoco", preparationTime: { min: 10, max: 15 } } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const fetchCart = (vendorId: number | null) => cartQuery(vendorId, "takeaway").queryFn!({ signal: new AbortController().signal } as never);

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
  it("asks for the vendor and order type with the bearer token, and stores the current vendor's cart", async () => {
    writeLocalCart(cartOf(1), storage);
    fetchMock.mockResolvedValue(json(200, { ...cartOf(1), subtotalPence: 550 }));
    await fetchCart(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/cart?vendorId=1&orderType=takeaway");
    expect(init.headers.Authorization).toBe("Bearer token-123");
    expect(JSON.parse(storage.getItem(CART_KEYS.cart)!).cart.subtotalPence).toBe(550);
  });

  it("clears the local cart when fetching the current vendor's cart fails (spec section 4)", async () => {
    writeLocalCart(cartOf(1), storage);
    fetchMock.mockResolvedValue(json(500, { message: "boom" }));
    await expect(fetchCart(1)).rejects.toThrow("boom");
    expect(storage.getItem(CART_KEYS.cart)).toBeNull();
    expect(storage.getItem(CART_KEYS.vendor)).toBeNull();
  });

  it("leaves the current vendor's cart alone when another vendor's fetch fails", async () => {
    writeLocalCart(cartOf(1), storage);
    fetchMock.mockResolvedValue(json(500, { message: "boom" }));
    await expect(fetchCart(2)).rejects.toThrow();
    expect(storage.getItem(CART_KEYS.cart)).not.toBeNull();
  });
});

describe("cart writes", () => {
  it("send a fresh mutation id with every write", async () => {
    fetchMock.mockImplementation(async () => json(200, cartOf(1)));
    await cartApi.add({ itemId: 7, quantity: 1, vendorId: 1, orderType: "takeaway" });
    await cartApi.update({ itemId: 7, quantity: 0, vendorId: 1, lineId: 3 });
    await cartApi.removeAllByVendor(1);
    const sent = fetchMock.mock.calls.map(([url, init]) => ({ url, method: init.method, body: JSON.parse(init.body) }));
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual(["POST /api/cart/add", "PUT /api/cart/update", "DELETE /api/cart/remove-all-by-vendor"]);
    const ids = sent.map((call) => call.body.mutationId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]!.body).toMatchObject({ itemId: 7, quantity: 0, lineId: 3 });
  });

  it("read a bare message or a whole cart from the allergy endpoint", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { message: "Allergy information saved successfully" }));
    expect(await cartApi.allergy({ itemId: 7, allergyInformation: "no nuts" })).toEqual({ cart: null, message: "Allergy information saved successfully" });
    fetchMock.mockResolvedValueOnce(json(200, { ...cartOf(1), message: "Saved" }));
    const answer = await cartApi.allergy({ itemId: 7, allergyInformation: "no nuts" });
    expect(answer.cart?.vendorId).toBe(1);
  });
});
