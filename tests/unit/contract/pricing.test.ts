import { penceToPounds, penceToPoundsText, penceToPriceString } from "@contract/money";
import { cartTotals, lineTotalPence, priceLine, totalsOfLines, unitPrice } from "@contract/pricing";
import { PORTION_GROUP } from "@contract/vendor-rules";
import { describe, expect, it } from "vitest";

const portion = (pricePence: number) => ({ groupName: PORTION_GROUP, pricePence });
const extra = (pricePence: number) => ({ groupName: "Sauces", pricePence });

describe("contract/pricing: one line rule for server and client", () => {
  it("a portion replaces the base price; other add-ons add to it", () => {
    expect(unitPrice(800, [extra(50), portion(1000), extra(120)])).toEqual({
      unitBasePence: 1000,
      addonTotalPence: 170,
      unitPricePence: 1170,
    });
    expect(lineTotalPence({ unitBasePence: 1000, addonTotalPence: 170 }, 3)).toBe(3510);
    expect(priceLine(800, [extra(50), portion(1000), extra(120)], 3).totalPence).toBe(3510);
  });

  it("the server's checked price refuses what the client's provisional one lets through", () => {
    expect(() => priceLine(800, [extra(1.5)], 1)).toThrow("Add-on price must be whole pence");
    expect(unitPrice(800, [extra(1.5)]).unitPricePence).toBe(801.5);
    expect(() =>
      cartTotals([10.5], "takeaway", { serviceChargePence: 50, deliveryFeePence: 0 }),
    ).toThrow();
  });

  it("charges: service charge on a non-empty cart, delivery fee only for delivery, nothing when empty", () => {
    const charges = { serviceChargePence: 50, deliveryFeePence: 250 };
    expect(totalsOfLines([], "delivery", charges).totalPence).toBe(0);
    expect(totalsOfLines([1000, 200], "takeaway", charges)).toEqual({
      subtotalPence: 1200,
      serviceChargePence: 50,
      deliveryChargePence: 0,
      totalPence: 1250,
    });
    expect(totalsOfLines([1000], "delivery", charges)).toEqual(
      cartTotals([1000], "delivery", charges),
    );
    expect(totalsOfLines([1000], "delivery", charges).totalPence).toBe(1300);
  });
});

describe("contract/money", () => {
  it("converts pence for the wire and for server-written text", () => {
    expect(penceToPounds(1250)).toBe(12.5);
    expect(penceToPriceString(105)).toBe("1.05");
    expect(penceToPoundsText(1250)).toBe("£12.50");
  });
});
