import { describe, expect, it } from "vitest";
import { formatPence, formatPounds, penceToPounds, poundsToPence } from "@/lib/money";

describe("money (GBP, £ with two decimals)", () => {
  describe("formatPence", () => {
    it.each([
      [0, "£0.00"],
      [5, "£0.05"],
      [99, "£0.99"],
      [100, "£1.00"],
      [1250, "£12.50"],
      [123_456, "£1,234.56"],
      [-250, "-£2.50"],
    ])("%i pence → %s", (pence, shown) => {
      expect(formatPence(pence)).toBe(shown);
    });
  });

  describe("formatPounds (amounts from the wire, number or string)", () => {
    it.each<[number | string, string]>([
      [1.5, "£1.50"],
      ["1.50", "£1.50"],
      ["0", "£0.00"],
      [12, "£12.00"],
      ["9.999", "£10.00"],
      ["not a price", "£0.00"],
      [Number.NaN, "£0.00"],
      [Number.POSITIVE_INFINITY, "£0.00"],
    ])("%s → %s", (pounds, shown) => {
      expect(formatPounds(pounds)).toBe(shown);
    });
  });

  describe("poundsToPence", () => {
    it("turns every two-decimal amount up to £100 into exact pence, from numbers and strings", () => {
      const wrong: string[] = [];
      for (let pence = 0; pence <= 10_000; pence++) {
        const pounds = pence / 100;
        if (poundsToPence(pounds) !== pence) wrong.push(`${pounds}`);
        if (poundsToPence(pounds.toFixed(2)) !== pence) wrong.push(`'${pounds.toFixed(2)}'`);
      }
      expect(wrong).toEqual([]);
    });

    it("survives the classic float sums", () => {
      expect(poundsToPence(0.1 + 0.2)).toBe(30);
      expect(poundsToPence(1.15)).toBe(115);
      expect(poundsToPence(4.35 * 3)).toBe(1305);
    });

    it("treats something that is not a number as zero", () => {
      expect(poundsToPence("free")).toBe(0);
      expect(poundsToPence(Number.NaN)).toBe(0);
    });
  });

  describe("penceToPounds", () => {
    it.each([
      [0, 0],
      [1, 0.01],
      [1999, 19.99],
      [100_000, 1000],
    ])("%i pence → %d pounds", (pence, pounds) => {
      expect(penceToPounds(pence)).toBe(pounds);
    });

    it("round-trips with poundsToPence", () => {
      const wrong: number[] = [];
      for (let pence = 0; pence <= 10_000; pence++)
        if (poundsToPence(penceToPounds(pence)) !== pence) wrong.push(pence);
      expect(wrong).toEqual([]);
    });
  });
});
