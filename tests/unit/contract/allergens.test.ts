import { describe, expect, it } from "vitest";
import {
  ALLERGENS_NOT_DECLARED,
  choicesAddLine,
  dishAllergenLine,
} from "../../../contract/allergens";

describe("the one allergen rule", () => {
  it("a dish line lists the item's own allergens with every chosen add-on's, not only the add-ons'", () => {
    // The Smash Stack: gluten, eggs, mustard, sulphites in the burger; cheese adds milk.
    const line = dishAllergenLine(["gluten", "eggs", "mustard", "sulphites"], [["milk"]]);
    expect(line).toBe("Contains: Gluten, Eggs, Milk, Mustard, Sulphites");
  });

  it("uses the law's long names on request", () => {
    expect(dishAllergenLine(["gluten"], [], "full")).toBe("Contains: Cereals containing gluten");
  });

  it("a dish without allergen data says so instead of showing nothing", () => {
    expect(dishAllergenLine([])).toBe("Allergens not declared — ask the trailer");
    expect(dishAllergenLine(undefined)).toBe(ALLERGENS_NOT_DECLARED);
    // Choices that declare something never make an undeclared dish look complete.
    expect(dishAllergenLine([], [["milk"]])).toBe(
      "Allergens not declared — ask the trailer · Your choices add: Milk",
    );
  });

  it("a line about the choices alone says so", () => {
    expect(choicesAddLine([["milk"], ["gluten", "milk"]])).toBe("Your choices add: Gluten, Milk");
    expect(choicesAddLine([[], undefined])).toBeNull();
  });
});
