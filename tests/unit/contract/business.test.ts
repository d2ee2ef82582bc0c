import {
  businessDetailsSchema,
  isUkPostcode,
  isValidVatNumber,
  normalisePostcode,
  vatCheckDigitsValid,
} from "@contract/business";
import { describe, expect, it } from "vitest";

describe("a trailer's business details", () => {
  it("verifies HMRC's check digits, mod 97 and the 9755 variant", () => {
    // 1×8 + 2×7 + 3×6 + 4×5 + 5×4 + 6×3 + 7×2 = 112: 112 + 82 = 194 = 2 × 97; 112 + 27 + 55 = 194.
    expect(vatCheckDigitsValid("123456782")).toBe(true);
    expect(vatCheckDigitsValid("123456727")).toBe(true);
    expect(vatCheckDigitsValid("123456789")).toBe(false);
    expect(isValidVatNumber("GB 123 4567 82")).toBe(true);
    expect(isValidVatNumber("XI123456727")).toBe(true);
    expect(isValidVatNumber("GB123456782001")).toBe(true);
    expect(isValidVatNumber("FR123456782")).toBe(false);
    expect(isValidVatNumber("GB12345678")).toBe(false);
    expect(isValidVatNumber("GB1234567820")).toBe(false);
  });

  it("takes UK postcodes in any spacing and case, and refuses others", () => {
    expect(isUkPostcode("BS1 5TH")).toBe(true);
    expect(isUkPostcode("sw1a1aa")).toBe(true);
    expect(normalisePostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(isUkPostcode("12345")).toBe(false);
    expect(isUkPostcode("BS1 5T")).toBe(false);
  });

  it("normalises what it stores", () => {
    const parsed = businessDetailsSchema.parse({
      legalName: " Bean Machine Coffee Ltd ",
      address: ["Unit 3, Wapping Wharf", "Bristol"],
      postcode: "bs1 6ww",
      vatNumber: "gb 123 4567 82",
    });
    expect(parsed).toEqual({
      legalName: "Bean Machine Coffee Ltd",
      address: ["Unit 3, Wapping Wharf", "Bristol"],
      postcode: "BS1 6WW",
      vatNumber: "GB123456782",
    });
  });
});
