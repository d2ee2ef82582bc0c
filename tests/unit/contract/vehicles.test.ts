import { isUkPlate, normalisePlate, vehicleLookupRequestSchema } from "@contract/vehicles";
import { describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";

describe("normalisePlate", () => {
  it("removes spaces and upper-cases", () => {
    expect(normalisePlate("ab12 cde")).toBe("AB12CDE");
    expect(normalisePlate("  bd51  smr ")).toBe("BD51SMR");
    expect(normalisePlate("\tk 1\n")).toBe("K1");
  });
});

describe("isUkPlate", () => {
  it.each([
    ["AB12 CDE", "current"],
    ["A123 BCD", "prefix"],
    ["ABC 123D", "suffix"],
    ["K 1", "dateless"],
    ["1 ABC", "dateless reversed"],
    ["ABZ 1234", "Northern Ireland"],
  ])("accepts %s (%s)", (plate) => {
    expect(isUkPlate(plate)).toBe(true);
  });

  it.each(["", "ABCDEFG", "1234567", "AB12-CDE", "AB12CD£", "!!"])("refuses %j", (plate) => {
    expect(isUkPlate(plate)).toBe(false);
  });
});

describe("vehicleLookupRequestSchema", () => {
  const parse = (registrationNumber: unknown) =>
    safeParse(vehicleLookupRequestSchema, { registrationNumber });

  it("normalises before validating", () => {
    const result = parse("ab12 cde");
    expect(result.success && result.data.registrationNumber).toBe("AB12CDE");
  });

  it("refuses an empty plate with a readable message", () => {
    const result = parse("   ");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a registration number");
  });

  it("leaves the UK format to isUkPlate (checked by the server)", () => {
    expect(parse("ABCDEFG").success).toBe(true);
    expect(isUkPlate("ABCDEFG")).toBe(false);
  });

  it("refuses more than 8 characters once spaces are removed", () => {
    expect(parse("AB12 CDE").success).toBe(true);
    expect(parse("AB12CDEF1").success).toBe(false);
  });

  it("refuses something that is not a string", () => {
    expect(parse(12).success).toBe(false);
  });
});
