import type { Addon, AddonGroup } from "@contract/vendors";
import { describe, expect, it } from "vitest";
import {
  addonSelections,
  defaultSelection,
  groupErrors,
  groupHint,
  isAddonDisabled,
  type Selection,
  splitGroups,
  toggleAddon,
  unitPricePence,
  usesRadio,
} from "@/features/item/lib/addon-rules";

const addon = (id: number, name: string, pricePence: number, isDefault = false): Addon => ({
  id,
  name,
  description: "",
  price: (pricePence / 100).toFixed(2),
  pricePence,
  default: isDefault,
  allergens: [],
});

const group = (
  id: number,
  name: string,
  min: number,
  max: number,
  addons: Addon[],
  isRequired = min > 0,
): AddonGroup => ({
  id,
  name,
  min_quantity: min,
  max_quantity: max,
  is_required: isRequired,
  addons,
});

const portion = group(1, "Choose Portion Size", 1, 1, [
  addon(11, '10"', 950, true),
  addon(12, '12"', 1250),
]);
const sauce = group(2, "Sauce", 1, 1, [addon(21, "Tomato", 0, true), addon(22, "White", 0)]);
const toppings = group(3, "Extra toppings", 0, 3, [
  addon(31, "Nduja", 150),
  addon(32, "Olives", 80),
  addon(33, "Rocket", 80),
  addon(34, "Anchovies", 120),
]);
const dips = group(4, "Crust dips", 0, 2, [
  addon(41, "Garlic mayo", 0, true),
  addon(42, "Hot honey", 80, true),
  addon(43, "Chilli oil", 60, true),
]);
const frequently = group(5, "Frequently Bought Together", 0, 3, [
  addon(51, "Dough balls", 550, true),
  addon(52, "Tiramisu", 600),
]);
const sides = group(6, "Pick two sides", 2, 3, [
  addon(61, "Slaw", 0),
  addon(62, "Pickles", 0),
  addon(63, "Fries", 100),
]);
const groups = [portion, sauce, toppings, dips, frequently];

describe("which groups are listed", () => {
  it("keeps 'Choose Portion Size' and 'Frequently Bought Together' out of the list", () => {
    const split = splitGroups(groups);
    expect(split.portion?.id).toBe(1);
    expect(split.frequentlyBought?.id).toBe(5);
    expect(split.listed.map((g) => g.name)).toEqual(["Sauce", "Extra toppings", "Crust dips"]);
  });

  it("uses radio buttons only for min 1 max 1", () => {
    expect(usesRadio(sauce)).toBe(true);
    expect(usesRadio(toppings)).toBe(false);
    expect(usesRadio(group(9, "One at most", 0, 1, []))).toBe(false);
  });

  it("hints 'Choose min to max' only when min is above 0", () => {
    expect(groupHint(sides)).toBe("Choose 2 to 3");
    expect(groupHint(sauce)).toBe("Choose 1 to 1");
    expect(groupHint(toppings)).toBeNull();
  });
});

describe("defaults", () => {
  it("preselects flagged defaults except in the portion and frequently-bought groups", () => {
    const selection = defaultSelection(groups);
    expect(selection[1]).toBeUndefined();
    expect(selection[5]).toBeUndefined();
    expect(selection[2]).toEqual([21]);
    expect(selection[3]).toBeUndefined();
  });

  it("never preselects more defaults than the group's max", () => {
    expect(defaultSelection([dips])[4]).toEqual([41, 42]);
  });
});

describe("choosing add-ons", () => {
  it("replaces the selection in a max-1 group", () => {
    const start: Selection = { 2: [21] };
    expect(toggleAddon(start, sauce, 22)[2]).toEqual([22]);
    const optionalSingle = group(7, "Drizzle", 0, 1, [
      addon(71, "Honey", 50),
      addon(72, "Chilli", 50),
    ]);
    expect(toggleAddon({ 7: [71] }, optionalSingle, 72)[7]).toEqual([72]);
  });

  it("keeps a radio choice when it is tapped again, but lets a checkbox be unticked", () => {
    expect(toggleAddon({ 2: [21] }, sauce, 21)[2]).toEqual([21]);
    expect(toggleAddon({ 3: [31, 32] }, toppings, 31)[3]).toEqual([32]);
  });

  it("stops at the group's max and disables the remaining boxes", () => {
    let selection: Selection = {};
    for (const id of [31, 32, 33, 34]) selection = toggleAddon(selection, toppings, id);
    expect(selection[3]).toEqual([31, 32, 33]);
    expect(isAddonDisabled(selection, toppings, 34)).toBe(true);
    expect(isAddonDisabled(selection, toppings, 31)).toBe(false);
    expect(isAddonDisabled(toggleAddon(selection, toppings, 33), toppings, 34)).toBe(false);
  });

  it("never disables a max-1 group's options", () => {
    expect(isAddonDisabled({ 2: [21] }, sauce, 22)).toBe(false);
  });
});

describe("required groups", () => {
  it("names each group short of its minimum with the spec's message", () => {
    expect(groupErrors([portion, sauce, toppings, sides], { 2: [21], 6: [61] })).toEqual([
      {
        groupId: 1,
        message: "Choose Portion Size is required. Please select at least 1 option(s).",
      },
      { groupId: 6, message: "Pick two sides is required. Please select at least 2 option(s)." },
    ]);
  });

  it("treats a group flagged required with min 0 as needing one", () => {
    const flagged = group(8, "Bread", 0, 2, [addon(81, "White", 0)], true);
    expect(groupErrors([flagged], {})).toEqual([
      { groupId: 8, message: "Bread is required. Please select at least 1 option(s)." },
    ]);
  });

  it("passes once every minimum is met", () => {
    expect(groupErrors(groups, { 1: [12], 2: [21] })).toEqual([]);
  });
});

describe("price", () => {
  it("is the item's price until a portion is chosen, then the portion's full price", () => {
    expect(unitPricePence(950, groups, {})).toBe(950);
    expect(unitPricePence(950, groups, { 1: [12] })).toBe(1250);
  });

  it("adds every other chosen add-on once, frequently-bought ones included", () => {
    expect(unitPricePence(950, groups, { 1: [12], 2: [21], 3: [31, 32], 5: [51] })).toBe(
      1250 + 150 + 80 + 550,
    );
  });
});

it("builds the add-with-addons payload with quantity 1 per selection, in group order", () => {
  expect(addonSelections(groups, { 3: [32], 1: [11] })).toEqual([
    { addonGroupId: 1, addonId: 11, quantity: 1 },
    { addonGroupId: 3, addonId: 32, quantity: 1 },
  ]);
});
