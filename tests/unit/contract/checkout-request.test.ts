/**
 * What an Idempotency-Key of POST /checkout covers, seen from both ends: the client keeps its key exactly while
 * the server would answer the same checkout, and takes a new one exactly when the server would refuse the old.
 */
import type { CheckoutRequest } from "@contract/basket";
import { requestHash } from "@server/services/checkout/idempotency.js";
import { describe, expect, it } from "vitest";
import { checkoutKeyFor } from "@/features/checkout/api/checkout-api";

const base: CheckoutRequest = {
  vendorIds: [3, 12],
  orderType: "takeaway",
  paymentMethod: "stripe",
  totalPence: 1450,
  deliveryInstructions: "By the blue gate",
  vehicleData: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
};

const checkoutRequestHash = (body: CheckoutRequest) => requestHash({ call: "checkout", body });

/** Does the client keep its key, and does the server see the same request? */
function seenBy(first: CheckoutRequest, retried: CheckoutRequest) {
  const last = checkoutKeyFor(first, null);
  return {
    clientKeepsKey: checkoutKeyFor(retried, last).key === last.key,
    serverSeesSame: checkoutRequestHash(first) === checkoutRequestHash(retried),
  };
}

describe("the canonical checkout request", () => {
  const same: [string, CheckoutRequest][] = [
    ["the very same request", { ...base }],
    ["trailers in another order, one listed twice", { ...base, vendorIds: [12, 3, 12] }],
    [
      "instructions with spaces around them",
      { ...base, deliveryInstructions: "  By the blue gate " },
    ],
    [
      "the plate typed in lower case with a space",
      { ...base, vehicleData: { registrationNumber: "ab12 cde", make: " Ford", colour: "Blue " } },
    ],
  ];
  for (const [what, retried] of same) {
    it(`is the same for ${what}: the key is kept and the server answers the same checkout`, () => {
      expect(seenBy(base, retried)).toEqual({ clientKeepsKey: true, serverSeesSame: true });
    });
  }

  const different: [string, CheckoutRequest][] = [
    ["other delivery instructions", { ...base, deliveryInstructions: "At table 4" }],
    ["no delivery instructions", { ...base, deliveryInstructions: null }],
    ["another trailer", { ...base, vendorIds: [3] }],
    ["other trailers", { ...base, vendorIds: [30, 12] }],
    ["another total", { ...base, totalPence: 1500 }],
    ["cash instead of card", { ...base, paymentMethod: "cash_at_counter" }],
    ["another order type", { ...base, orderType: "delivery" }],
    ["another car", { ...base, vehicleData: { ...base.vehicleData!, colour: "Red" } }],
    ["no car", { ...base, vehicleData: null }],
  ];
  for (const [what, retried] of different) {
    it(`differs for ${what}: a new key, and the server would refuse the old one`, () => {
      expect(seenBy(base, retried)).toEqual({ clientKeepsKey: false, serverSeesSame: false });
    });
  }

  it("treats missing and empty instructions alike on both ends", () => {
    const { deliveryInstructions: _, ...without } = base;
    expect(seenBy({ ...base, deliveryInstructions: "" }, without)).toEqual({
      clientKeepsKey: true,
      serverSeesSame: true,
    });
  });
});
