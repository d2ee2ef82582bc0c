import { penceToPounds, penceToPriceString } from "@contract/money";
import { cartTotals, priceLine } from "@contract/pricing";
import { describe, expect, it } from "vitest";

const charges = { serviceChargePence: 50, deliveryFeePence: 250 };

describe("priceLine", () => {
  it("multiplies the item price by the quantity when there are no add-ons", () => {
    expect(priceLine(950, [], 3)).toEqual({
      unitBasePence: 950,
      addonTotalPence: 0,
      unitPricePence: 950,
      totalPence: 2850,
    });
  });

  it("lets the chosen portion's price replace the item price instead of adding to it", () => {
    const line = priceLine(950, [{ groupName: "Choose Portion Size", pricePence: 1250 }], 2);
    expect(line.unitBasePence).toBe(1250);
    expect(line.addonTotalPence).toBe(0);
    expect(line.totalPence).toBe(2500);
  });

  it("adds every other add-on once per unit", () => {
    const line = priceLine(
      950,
      [
        { groupName: "Choose Portion Size", pricePence: 1250 },
        { groupName: "Extra toppings", pricePence: 150 },
        { groupName: "Extra toppings", pricePence: 80 },
        { groupName: "Crust dips", pricePence: 0 },
      ],
      3,
    );
    expect(line).toEqual({
      unitBasePence: 1250,
      addonTotalPence: 230,
      unitPricePence: 1480,
      totalPence: 4440,
    });
  });

  it("refuses fractional pence and quantities below one", () => {
    expect(() => priceLine(9.5, [], 1)).toThrow();
    expect(() => priceLine(950, [{ groupName: "Dips", pricePence: 0.5 }], 1)).toThrow();
    expect(() => priceLine(950, [], 0)).toThrow();
  });
});

describe("cartTotals", () => {
  it("costs nothing at all when the cart is empty, whatever the order type", () => {
    expect(cartTotals([], "delivery", charges)).toEqual({
      subtotalPence: 0,
      serviceChargePence: 0,
      deliveryChargePence: 0,
      totalPence: 0,
    });
  });

  it("adds the service charge but no delivery fee to takeaway and dine-in orders", () => {
    for (const orderType of ["takeaway", "dine_in"] as const) {
      expect(cartTotals([1250, 300], orderType, charges)).toEqual({
        subtotalPence: 1550,
        serviceChargePence: 50,
        deliveryChargePence: 0,
        totalPence: 1600,
      });
    }
  });

  it("adds the delivery fee only to delivery orders", () => {
    expect(cartTotals([1250, 300], "delivery", charges)).toEqual({
      subtotalPence: 1550,
      serviceChargePence: 50,
      deliveryChargePence: 250,
      totalPence: 1850,
    });
  });

  it("uses the configured charges, including none", () => {
    const free = { serviceChargePence: 0, deliveryFeePence: 0 };
    expect(cartTotals([1000], "delivery", free).totalPence).toBe(1000);
  });
});

describe("money on the wire", () => {
  it("writes add-on prices as pound strings with two decimals", () => {
    expect(penceToPriceString(150)).toBe("1.50");
    expect(penceToPriceString(0)).toBe("0.00");
    expect(penceToPriceString(5)).toBe("0.05");
    expect(penceToPriceString(123456)).toBe("1234.56");
  });

  it("writes pounds as numbers for the spec's number fields", () => {
    expect(penceToPounds(1250)).toBe(12.5);
    expect(penceToPounds(1999)).toBe(19.99);
  });
});
