import { cartAddRequestSchema, cartUpdateRequestSchema } from "@contract/cart";
import { DB_INT_MAX, dbId, findUnsafeText, idParam, isSafeText, safeText } from "@contract/common";
import { vendorListQuerySchema } from "@contract/vendors";
import { describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";

describe("ids fit PostgreSQL's integer", () => {
  it.each([1, "1", "item_7", DB_INT_MAX, String(DB_INT_MAX)])("accepts %s", (value) => {
    expect(safeParse(idParam("item"), value).success).toBe(true);
  });
  it.each([
    0,
    -1,
    1.5,
    DB_INT_MAX + 1,
    "2147483648",
    "99999999999999999999",
    "1e3",
    "0x10",
    "",
    "item_",
    "\u0000",
  ])("refuses %s", (value) => {
    expect(safeParse(idParam("item"), value).success).toBe(false);
  });
  it("bounds body ids and quantities", () => {
    expect(safeParse(dbId(), DB_INT_MAX + 1).success).toBe(false);
    expect(
      safeParse(cartUpdateRequestSchema, { itemId: 1, vendorId: 1, quantity: 1, lineId: 2 ** 31 })
        .success,
    ).toBe(false);
    expect(safeParse(cartAddRequestSchema, { itemId: 1, vendorId: 1, quantity: 51 }).success).toBe(
      false,
    );
    expect(safeParse(vendorListQuerySchema, { page: "1e20" }).success).toBe(false);
  });
});

describe("text the database can store", () => {
  it("refuses NUL and lone surrogates, keeps real Unicode", () => {
    expect(isSafeText("Café 😀 ñ 中文")).toBe(true);
    expect(isSafeText("a\u0000b")).toBe(false);
    expect(isSafeText("\ud800")).toBe(false);
    expect(isSafeText("x\udc00")).toBe(false);
    expect(safeParse(safeText(), "ok").success).toBe(true);
    expect(safeParse(safeText(), "\u0000").success).toBe(false);
  });
  it("finds the first unsafe string or key anywhere in a body", () => {
    expect(findUnsafeText({ a: [{ b: "fine" }, { c: "bad\u0000" }] })).toBe("a.1.c");
    expect(findUnsafeText({ "k\ud800": 1 })).toBe("k\ud800");
    expect(findUnsafeText({ a: 1, b: ["x", null] })).toBeNull();
  });
});
