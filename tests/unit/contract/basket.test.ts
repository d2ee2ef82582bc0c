import { type CheckoutGroup, siblingsText } from "@contract/basket";
import { orderStatusNotificationText } from "@contract/order-status";
import { chargeServiceOnce, sumTotals } from "@contract/pricing";
import { describe, expect, it } from "vitest";

const group = (names: string[]): CheckoutGroup => ({
  checkoutId: 1,
  totalPence: 3000,
  total: 30,
  orders: names.map((vendorName, index) => ({
    id: index + 1,
    vendorId: index + 1,
    vendorName,
    status: "pending_payment",
    totalPence: 1000,
  })),
});

describe("siblingsText", () => {
  it("names the other trailer, then counts the rest", () => {
    expect(siblingsText(group(["Smash Stack", "Forno & Fuoco"]), 1)).toBe("with Forno & Fuoco");
    expect(siblingsText(group(["Smash Stack", "Forno & Fuoco", "Bean Machine"]), 1)).toBe(
      "with Forno & Fuoco and 1 more",
    );
    expect(siblingsText(group(["Smash Stack", "Forno & Fuoco", "Bean Machine"]), 2)).toBe(
      "with Smash Stack and 1 more",
    );
    expect(siblingsText(group(["Smash Stack"]), 1)).toBeNull();
  });
});

describe("orderStatusNotificationText", () => {
  it("names the trailer in the title and the sentence", () => {
    expect(
      orderStatusNotificationText({ orderId: 7, status: "ready", vendorName: "Forno & Fuoco" }),
    ).toEqual({
      title: "Forno & Fuoco · Order #7",
      body: "Your order from Forno & Fuoco is ready for pickup.",
    });
    expect(orderStatusNotificationText({ orderId: 7, status: "preparing" })).toEqual({
      title: "Order #7",
      body: "Your order is being prepared.",
    });
  });
});

describe("chargeServiceOnce", () => {
  const totals = (subtotalPence: number, serviceChargePence: number, deliveryChargePence = 0) => ({
    subtotalPence,
    serviceChargePence,
    deliveryChargePence,
    totalPence: subtotalPence + serviceChargePence + deliveryChargePence,
  });

  it("keeps the first order's service charge and drops the others', delivery fees stay per order", () => {
    const charged = chargeServiceOnce([totals(1200, 50, 250), totals(1350, 50, 250)]);
    expect(charged).toEqual([totals(1200, 50, 250), totals(1350, 0, 250)]);
    expect(sumTotals(charged)).toEqual({
      subtotalPence: 2550,
      serviceChargePence: 50,
      deliveryChargePence: 500,
      totalPence: 3100,
    });
  });

  it("changes nothing when there is no service charge", () => {
    expect(chargeServiceOnce([totals(100, 0), totals(200, 0)])).toEqual([
      totals(100, 0),
      totals(200, 0),
    ]);
    expect(sumTotals([])).toEqual({
      subtotalPence: 0,
      serviceChargePence: 0,
      deliveryChargePence: 0,
      totalPence: 0,
    });
  });
});
