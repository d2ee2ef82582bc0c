import { emptyCart } from "@contract/cart";
import { memoryStorage } from "@tests/unit/helpers/memory-storage";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CART_STORAGE_KEYS,
  clearLocalCartCopy,
  forgetLocalCart,
} from "@/features/cart/lib/cart-storage";
import { chooseTrailer, currentTrailer } from "@/features/cart/lib/current-trailer";
import { writeLocalCartCopy } from "@/features/cart/lib/local-cart-copy";
import { readStoredOrderType, writeStoredOrderType } from "@/features/cart/lib/order-type-choice";

const cartOf = (vendorId: number) => ({
  ...emptyCart(),
  vendorId,
  vendor_info: { id: vendorId, name: "Taco Libre", preparationTime: { min: 6, max: 10 } },
});

describe("the local cart (spec sections 3 and 9)", () => {
  it("keeps {vendorId, cart} under 'cart' and the vendor under 'cartVendor', in the vendor_{n} form", () => {
    const storage = memoryStorage();
    writeLocalCartCopy(cartOf(6), storage);
    const copy = JSON.parse(storage.getItem(CART_STORAGE_KEYS.cart)!);
    expect(copy.vendorId).toBe("vendor_6");
    expect(copy.cart).toEqual(cartOf(6));
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEYS.vendor)!)).toEqual({
      id: "vendor_6",
      name: "Taco Libre",
      preparationTime: { min: 6, max: 10 },
    });
  });

  it("does not store a cart without a vendor", () => {
    const storage = memoryStorage();
    writeLocalCartCopy(emptyCart(), storage);
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
  });

  it("clears both keys", () => {
    const storage = memoryStorage();
    writeLocalCartCopy(cartOf(2), storage);
    clearLocalCartCopy(storage);
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

describe("the current trailer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is its own store, kept across reloads; choosing none is remembered as none", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(currentTrailer()).toBeNull();
    chooseTrailer(4);
    expect(currentTrailer()).toBe(4);
    expect(storage.getItem(CART_STORAGE_KEYS.trailer)).toBe("4");
    writeLocalCartCopy(cartOf(6), storage);
    expect(currentTrailer()).toBe(4);
    chooseTrailer(null);
    expect(currentTrailer()).toBeNull();
  });

  it("on a phone updated from a version that kept it only in the spec's copy, is carried over from it once", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    storage.setItem(
      CART_STORAGE_KEYS.cart,
      JSON.stringify({ vendorId: "vendor_6", cart: cartOf(6) }),
    );
    expect(currentTrailer()).toBe(6);
    expect(storage.getItem(CART_STORAGE_KEYS.trailer)).toBe("6");
    storage.setItem(CART_STORAGE_KEYS.cart, "{not json");
    expect(currentTrailer()).toBe(6);
  });

  it("goes with the copy at sign-out", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    chooseTrailer(6);
    writeLocalCartCopy(cartOf(6), storage);
    forgetLocalCart();
    expect(currentTrailer()).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEYS.vendor)).toBeNull();
  });
});
