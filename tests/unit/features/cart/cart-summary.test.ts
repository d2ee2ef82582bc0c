import { type Cart, type CartItem, emptyCart } from "@contract/cart";
import { describe, expect, it } from "vitest";
import {
  distinctLineCount,
  lineForStepper,
  quantityOfItem,
  resolveOrderType,
  showOrderTypeToggle,
  summaryRows,
  totalQuantity,
} from "@/features/cart/lib/cart-summary";

const line = (
  lineId: number,
  menuItemId: number,
  quantity: number,
  extra: Partial<CartItem> = {},
): CartItem => ({
  id: `item_${menuItemId}`,
  lineId,
  menuItemId,
  name: `Item ${menuItemId}`,
  description: "",
  image: "",
  quantity,
  price: 5,
  addonTotal: 0,
  totalPrice: 5 * quantity,
  pricePence: 500,
  addonTotalPence: 0,
  totalPricePence: 500 * quantity,
  allergyInformation: "",
  addons: [],
  ...extra,
});

const cart = (overrides: Partial<Cart>): Cart => ({ ...emptyCart(), vendorId: 1, ...overrides });

describe("the summary", () => {
  it("shows Subtotal and Total from the server, nothing else when the charges are 0", () => {
    expect(summaryRows(cart({ subtotalPence: 1100, totalPence: 1100 }))).toEqual([
      { label: "Subtotal", pence: 1100 },
      { label: "Total", pence: 1100 },
    ]);
  });

  it("shows the Service Charge only above 0", () => {
    const rows = summaryRows(
      cart({
        subtotalPence: 2500,
        serviceChargePence: 50,
        totalPence: 2550,
        orderType: "takeaway",
      }),
    );
    expect(rows.map((row) => row.label)).toEqual(["Subtotal", "Service Charge", "Total"]);
  });

  it("shows the Delivery Fee only for delivery orders and above 0", () => {
    const charged = { subtotalPence: 2000, deliveryChargePence: 250, totalPence: 2250 };
    expect(
      summaryRows(cart({ ...charged, orderType: "delivery" })).map((row) => row.label),
    ).toContain("Delivery Fee");
    expect(
      summaryRows(cart({ ...charged, orderType: "takeaway" })).map((row) => row.label),
    ).not.toContain("Delivery Fee");
    expect(
      summaryRows(cart({ subtotalPence: 2000, totalPence: 2000, orderType: "delivery" })).map(
        (row) => row.label,
      ),
    ).not.toContain("Delivery Fee");
  });
});

describe("counting", () => {
  const full = cart({
    items: [line(1, 7, 2), line(2, 7, 1, { allergyInformation: "no nuts" }), line(3, 9, 3)],
  });

  it("counts distinct lines for the badge and every unit for 'View Cart (n items)'", () => {
    expect(distinctLineCount(full)).toBe(3);
    expect(totalQuantity(full)).toBe(6);
    expect(distinctLineCount(undefined)).toBe(0);
  });

  it("adds up an item's quantity over its lines", () => {
    expect(quantityOfItem(full, 7)).toBe(3);
    expect(quantityOfItem(full, 8)).toBe(0);
  });

  it("steps the plain line from the list, else the newest", () => {
    expect(lineForStepper(full.items.filter((l) => l.menuItemId === 7))?.lineId).toBe(1);
    const onlyNoted = [
      line(4, 7, 1, { allergyInformation: "x" }),
      line(5, 7, 1, { allergyInformation: "y" }),
    ];
    expect(lineForStepper(onlyNoted)?.lineId).toBe(5);
    expect(lineForStepper([])).toBeUndefined();
  });
});

describe("order type", () => {
  it("auto-selects the only enabled type and shows no toggle", () => {
    expect(resolveOrderType(["takeaway"], null)).toBe("takeaway");
    expect(showOrderTypeToggle(["takeaway"])).toBe(false);
  });

  it("keeps the customer's enabled choice, and asks when several are enabled", () => {
    expect(showOrderTypeToggle(["takeaway", "delivery"])).toBe(true);
    expect(resolveOrderType(["takeaway", "delivery"], "delivery")).toBe("delivery");
    expect(resolveOrderType(["takeaway", "delivery"], null)).toBeNull();
    expect(resolveOrderType(["takeaway"], "delivery")).toBe("takeaway");
  });
});
