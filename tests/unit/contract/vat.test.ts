import { lineVatParts, sumByRate, vatIncluded } from "@contract/vat";
import { describe, expect, it } from "vitest";

describe("VAT: one rounding rule, per line", () => {
  it("takes VAT out of a VAT-inclusive amount, rounded half up", () => {
    expect(vatIncluded(1200, 20)).toBe(200);
    expect(vatIncluded(340, 20)).toBe(57); // 56.67
    expect(vatIncluded(3, 20)).toBe(1); // 0.5 → 1
    expect(vatIncluded(999, 0)).toBe(0);
  });

  it("splits a line by rate: add-ons at theirs, the item (or its portion) at its own", () => {
    const parts = lineVatParts({
      quantity: 2,
      totalPence: 2 * (340 + 40 + 300),
      vatRate: 20,
      addons: [
        { pricePence: 40, vatRate: 20, isPortion: false },
        { pricePence: 300, vatRate: 0, isPortion: false },
      ],
    });
    expect(parts).toEqual([
      { rate: 0, grossPence: 600, vatPence: 0 },
      { rate: 20, grossPence: 760, vatPence: 127 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.grossPence, 0)).toBe(1360);
    expect(sumByRate([...parts, ...parts])).toEqual([
      { rate: 20, grossPence: 1520, vatPence: 254 },
      { rate: 0, grossPence: 1200, vatPence: 0 },
    ]);
  });
});
