import { emptyCart } from "@contract/cart";
import { describe, expect, it } from "vitest";
import {
  CART_STORAGE_KEYS,
  clearLocalCart,
  readLocalCart,
  readLocalCartVendor,
  readStoredOrderType,
  writeLocalCart,
  writeStoredOrderType,
} from "@/features/cart/lib/cart-storage";

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

const cartOf = (vendorId: number) => ({
  ...emptyCart(),
  vendorId,
  vendor_info: { id: vendorId, name: "Taco Libre", preparationTime: { min: 6, max: 10 } },
});

describe("the local cart (spec sections 3 and 9)", () => {
  it("keeps {vendorId, cart} under 'cart' and the vendor under 'cartVendor', in the vendor_{n} form", () => {
    const storage = memoryStorage();
    writeLocalCart(cartOf(6), storage);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!).vendorId).toBe("vendor_6");
    expect(readLocalCart(storage)?.vendorId).toBe(6);
    expect(readLocalCartVendor(storage)).toEqual({
      id: "vendor_6",
      name: "Taco Libre",
      preparationTime: { min: 6, max: 10 },
    });
  });

  it("does not store a cart without a vendor", () => {
    const storage = memoryStorage();
    writeLocalCart(emptyCart(), storage);
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
  });

  it("clears what cannot be read", () => {
    const storage = memoryStorage();
    storage.setItem(CART_STORAGE_KEYS.cart, "{not json");
    expect(readLocalCart(storage)).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
  });

  it("clears both keys", () => {
    const storage = memoryStorage();
    writeLocalCart(cartOf(2), storage);
    clearLocalCart(storage);
    expect(storage.length).toBe(0);
  });

  it("remembers only a known order type", () => {
    const storage = memoryStorage();
    expect(readStoredOrderType(storage)).toBeNull();
    writeStoredOrderType("delivery", storage);
    expect(readStoredOrderType(storage)).toBe("delivery");
    storage.setItem(CART_STORAGE_KEYS.orderType, "drone");
    expect(readStoredOrderType(storage)).toBeNull();
  });
});
