import type { Cart, CartItem } from "@contract/cart";
import { describe, expect, it } from "vitest";
import { checkoutKeyFor } from "@/features/checkout/api/checkout-api";
import { readPendingCheckout, savePendingCheckout } from "@/features/checkout/lib/pending-checkout";
import { type Purchase, pendingCardPayment, trailerNames } from "@/features/checkout/lib/purchase";

function line(lineId: number, name: string, quantity: number, totalPricePence: number): CartItem {
  return {
    id: `item_${lineId}`,
    lineId,
    menuItemId: lineId,
    name,
    description: "",
    image: "",
    quantity,
    price: totalPricePence / quantity / 100,
    addonTotal: 0,
    totalPrice: totalPricePence / 100,
    pricePence: totalPricePence / quantity,
    addonTotalPence: 0,
    totalPricePence,
    allergyInformation: "",
    addons: [],
  };
}

function trailerCart(vendorId: number, name: string, items: CartItem[]): Cart {
  const subtotalPence = items.reduce((sum, item) => sum + item.totalPricePence, 0);
  return {
    items,
    subtotal: subtotalPence / 100,
    total: subtotalPence / 100,
    serviceCharge: 0,
    deliveryCharge: 0,
    subtotalPence,
    totalPence: subtotalPence,
    serviceChargePence: 0,
    deliveryChargePence: 0,
    orderType: "takeaway",
    deliveryInstructions: "",
    version: 1,
    vendorId,
    vendor_info: { id: vendorId, name, preparationTime: { min: 10, max: 15 } },
  };
}

const forno = { vendorId: 1, cart: trailerCart(1, "Forno & Fuoco", [line(11, "Pesto", 2, 2400)]) };
const smash = { vendorId: 2, cart: trailerCart(2, "Smash Stack", [line(21, "Fries", 1, 350)]) };
const money = (totalPence: number) => ({
  orderType: "takeaway" as const,
  subtotalPence: totalPence - 50,
  serviceChargePence: 50,
  deliveryChargePence: 0,
  totalPence,
});

class MemoryStorage {
  private values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

describe("what the Secure Payment screen is handed", () => {
  it("one trailer: the spec's order for create-intent, nothing of a checkout", () => {
    const purchase: Purchase = { trailers: [forno], total: money(2450), orderType: null };
    const pending = pendingCardPayment(purchase, null);
    expect(pending.orderData?.vendorId).toBe(1);
    expect(pending.checkoutRequest).toBeUndefined();
    expect(pending).toMatchObject({ amountPence: 2450, vendorName: "Forno & Fuoco", itemCount: 2 });
  });

  it("several trailers: one checkout request with the total the customer saw, every line summarised", () => {
    const vehicle = { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" };
    const purchase: Purchase = {
      trailers: [forno, smash],
      total: money(2800),
      orderType: "takeaway",
    };
    const pending = pendingCardPayment(purchase, vehicle);
    expect(pending.orderData).toBeUndefined();
    expect(pending.checkoutRequest).toEqual({
      vendorIds: [1, 2],
      orderType: "takeaway",
      paymentMethod: "stripe",
      totalPence: 2800,
      vehicleData: vehicle,
    });
    expect(pending).toMatchObject({
      amountPence: 2800,
      vendorName: "Forno & Fuoco and Smash Stack",
      itemCount: 3,
    });
    expect(pending.items.map((item) => item.name)).toEqual(["Pesto", "Fries"]);
  });

  it("a checkout survives a reload, and one saved by the previous version still reads", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const several = pendingCardPayment(
      { trailers: [forno, smash], total: money(2800), orderType: "takeaway" },
      null,
    );
    savePendingCheckout(several, storage);
    expect(readPendingCheckout(storage)?.checkoutRequest?.vendorIds).toEqual([1, 2]);
    const older = pendingCardPayment(
      { trailers: [forno], total: money(2450), orderType: null },
      null,
    );
    storage.setItem("checkout:pending", JSON.stringify(older));
    expect(readPendingCheckout(storage)?.orderData?.vendorId).toBe(1);
    storage.setItem("checkout:pending", JSON.stringify({ amountPence: 100 }));
    expect(readPendingCheckout(storage)).toBeNull();
  });

  it("names up to any number of trailers", () => {
    const third = { vendorId: 3, cart: trailerCart(3, "Taco Loco", []) };
    const total = money(0);
    expect(trailerNames({ trailers: [forno, smash, third], total, orderType: null })).toBe(
      "Forno & Fuoco, Smash Stack and Taco Loco",
    );
  });
});

describe("checkoutKeyFor", () => {
  const body = {
    vendorIds: [2, 1],
    orderType: "takeaway" as const,
    paymentMethod: "stripe" as const,
    totalPence: 2800,
  };
  it("keeps the key while the same checkout is retried, a new one when it changes", () => {
    const first = checkoutKeyFor(body, null);
    expect(checkoutKeyFor({ ...body, vendorIds: [1, 2] }, first)).toBe(first);
    expect(checkoutKeyFor({ ...body, totalPence: 2900 }, first).key).not.toBe(first.key);
  });
});
