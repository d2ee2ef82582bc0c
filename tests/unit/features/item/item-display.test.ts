import type { CartItem } from "@contract/cart";
import { expect, it } from "vitest";
import { badgeLabel, selectionOfLine, targetLine } from "@/features/item/lib/item-display";

const line = (lineId: number, addonIds: number[]): CartItem => ({
  id: "item_1",
  lineId,
  menuItemId: 1,
  name: "Margherita",
  description: "",
  image: "",
  quantity: 1,
  price: 9.5,
  addonTotal: 0,
  totalPrice: 9.5,
  pricePence: 950,
  addonTotalPence: 0,
  totalPricePence: 950,
  allergyInformation: "",
  addons: [
    {
      groupId: 1,
      groupName: "Extras",
      addons: addonIds.map((addonId) => ({
        addonId,
        name: "",
        quantity: 1,
        price: 0,
        total: 0,
        pricePence: 0,
      })),
    },
  ],
});

it("spells out the decorative badges", () => {
  expect(badgeLabel("best_seller")).toBe("Best Seller");
  expect(badgeLabel("most_favourite")).toBe("Most Favourite");
  expect(badgeLabel("Chef's pick")).toBe("Chef's pick");
});

it("acts on the line with exactly the chosen add-ons, else the newest line", () => {
  const lines = [line(1, [3, 1]), line(2, []), line(3, [5])];
  expect(targetLine(lines, [1, 3])?.lineId).toBe(1);
  expect(targetLine(lines, [])?.lineId).toBe(2);
  expect(targetLine(lines, [9])?.lineId).toBe(3);
  expect(targetLine([], [1])).toBeUndefined();
});

it("turns a cart line back into the selection it was made from", () => {
  expect(selectionOfLine(line(1, [3, 1]))).toEqual({ 1: [3, 1] });
});
