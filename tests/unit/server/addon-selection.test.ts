import type { AddonGroupWithAddons } from "@server/db/repositories/menu";
import { domainErrorStatus } from "@server/plugins/error-handler";
import { checkAddonSelections, requiredMinimum } from "@server/services/addon-selection";
import { describe, expect, it } from "vitest";

const addon = (id: number, groupId: number, name: string, pricePence = 0) => ({
  id,
  group_id: groupId,
  name,
  description: "",
  price_pence: pricePence,
  is_default: false,
  allergens: [],
});

const group = (
  id: number,
  name: string,
  min: number,
  max: number,
  required: boolean,
  addons: ReturnType<typeof addon>[],
): AddonGroupWithAddons => ({
  id,
  menu_item_id: 1,
  name,
  min_quantity: min,
  max_quantity: max,
  is_required: required,
  addons,
});

const groups = [
  group(1, "Choose Portion Size", 1, 1, true, [
    addon(1, 1, "Regular", 950),
    addon(2, 1, "Large", 1250),
  ]),
  group(2, "Extra toppings", 0, 2, false, [
    addon(3, 2, "Nduja", 150),
    addon(4, 2, "Olives", 80),
    addon(5, 2, "Rocket", 80),
  ]),
];

const pick = (addonGroupId: number, addonId: number, quantity = 1) => ({
  addonGroupId,
  addonId,
  quantity,
});

describe("checkAddonSelections", () => {
  it("returns the chosen add-ons with their database prices, in menu order", () => {
    const chosen = checkAddonSelections("Margherita", groups, [pick(2, 4), pick(1, 2)]);
    expect(chosen).toEqual([
      { addonId: 2, groupId: 1, groupName: "Choose Portion Size", name: "Large", pricePence: 1250 },
      { addonId: 4, groupId: 2, groupName: "Extra toppings", name: "Olives", pricePence: 80 },
    ]);
  });

  it("refuses a group that is not the item's", () => {
    expect(() => checkAddonSelections("Margherita", groups, [pick(1, 1), pick(99, 3)])).toThrow(
      "Add-on group 99 is not an option of Margherita",
    );
  });

  it("refuses an add-on that is not in the group named, even one of another group of the item", () => {
    expect(() => checkAddonSelections("Margherita", groups, [pick(1, 3)])).toThrow(
      "Add-on 3 is not an option of Choose Portion Size for Margherita",
    );
  });

  it("refuses a quantity other than one per selection", () => {
    expect(() => checkAddonSelections("Margherita", groups, [pick(1, 1), pick(2, 3, 2)])).toThrow(
      "Nduja can be chosen once (quantity 1)",
    );
  });

  it("refuses the same add-on twice", () => {
    expect(() =>
      checkAddonSelections("Margherita", groups, [pick(1, 1), pick(2, 3), pick(2, 3)]),
    ).toThrow("Nduja was chosen more than once");
  });

  it("refuses more choices than a group's max", () => {
    expect(() =>
      checkAddonSelections("Margherita", groups, [pick(1, 1), pick(2, 3), pick(2, 4), pick(2, 5)]),
    ).toThrow("Extra toppings: choose at most 2 option(s)");
    expect(() => checkAddonSelections("Margherita", groups, [pick(1, 1), pick(1, 2)])).toThrow(
      "Choose Portion Size: choose at most 1 option(s)",
    );
  });

  it("names a missing required group with the spec's message", () => {
    expect(() => checkAddonSelections("Margherita", groups, [pick(2, 3)])).toThrow(
      "Choose Portion Size is required. Please select at least 1 option(s).",
    );
  });

  it("answers 400 for every refusal", () => {
    try {
      checkAddonSelections("Margherita", groups, []);
      expect.unreachable();
    } catch (error) {
      expect(domainErrorStatus(error)).toBe(400);
    }
  });
});

describe("requiredMinimum", () => {
  it("needs one choice for a required group with min 0, the min otherwise, none for optional groups", () => {
    expect(requiredMinimum({ is_required: true, min_quantity: 0 })).toBe(1);
    expect(requiredMinimum({ is_required: false, min_quantity: 2 })).toBe(2);
    expect(requiredMinimum({ is_required: false, min_quantity: 0 })).toBe(0);
  });
});
