import { describe, expect, it } from "vitest";
import { pillTone } from "../../../../src/features/orders/lib/status-style";

describe("list pill colours (spec section 4)", () => {
  it.each([
    ["preparing", "orange"],
    ["ready", "blue"],
    ["Ready for Pickup", "blue"],
    ["delivered", "green"],
    ["completed", "green"],
    ["cancelled", "red"],
    ["pending", "grey"],
    ["pending_payment", "grey"],
    ["confirmed", "grey"],
    ["something new", "grey"],
  ])("%s is %s", (status, tone) => {
    expect(pillTone(status)).toBe(tone);
  });
});
