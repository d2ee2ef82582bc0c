import { joinAllergyNote } from "@server/services/orders/snapshot";
import { chargeTestCard, luhnValid } from "@server/services/payments/test-provider";
import { titleCase } from "@server/services/vehicles/vehicle-lookup";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-22T12:00:00Z");
const card = (number: string, expiry = "12/30", cvc = "123") =>
  chargeTestCard({ number, expiry, cvc }, NOW);

describe("the test provider's cards (Stripe's test numbers)", () => {
  it("pays with 4242 4242 4242 4242", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ paid: true });
  });

  it("declines 4000 0000 0000 0002 with Stripe's wording", () => {
    expect(card("4000 0000 0000 0002")).toEqual({
      paid: false,
      field: null,
      message: "Your card was declined.",
    });
  });

  it("refuses a number that fails the Luhn check, a past expiry and a short CVC", () => {
    expect(card("4242 4242 4242 4241")).toMatchObject({ paid: false, field: "number" });
    expect(card("4242424242424242", "10/26")).toMatchObject({ paid: false, field: "expiry" });
    expect(card("4242424242424242", "13/30")).toMatchObject({ paid: false, field: "expiry" });
    expect(card("4242424242424242", "12/30", "1")).toMatchObject({ paid: false, field: "cvc" });
  });

  it("knows the Luhn check", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424243")).toBe(false);
  });
});

describe("small server rules", () => {
  it("title-cases DVLA makes and colours", () => {
    expect(titleCase("MERCEDES-BENZ")).toBe("Mercedes-Benz");
    expect(titleCase("land rover")).toBe("Land Rover");
  });

  it("joins allergy notes as the spec says", () => {
    expect(
      joinAllergyNote([
        { name: "Chips", allergyInformation: "" },
        { name: "Wrap", allergyInformation: " sesame " },
      ]),
    ).toBe("Wrap: sesame");
    expect(joinAllergyNote([])).toBeNull();
  });
});
