import { expect, it } from "vitest";
import type { CartChange } from "@/features/cart/lib/optimistic-cart";
import { applyCartChange } from "@/features/cart/lib/optimistic-cart";
import { knownCharges, rememberCharges } from "@/lib/charges";

it("a cart written offline carries every charge the server will add (the charges GET /api/config gave)", () => {
  expect(knownCharges()).toBeNull();
  rememberCharges({ serviceChargePence: 50, deliveryFeePence: 250 });
  const change = {
    kind: "add",
    vendorId: 1,
    orderType: "takeaway",
    menuItemId: 7,
    item: { name: "Chips", description: "", image: "", pricePence: 400 },
    addons: [],
    allergyInformation: "",
  } as unknown as CartChange;
  const cart = applyCartChange(undefined, change);
  // £4.00 of chips + the 50p service charge: the amount asked for once the queued order is sent.
  expect(cart).toMatchObject({ subtotalPence: 400, serviceChargePence: 50, totalPence: 450 });
  const delivery = applyCartChange(undefined, { ...change, orderType: "delivery" } as CartChange);
  expect(delivery.totalPence).toBe(400 + 50 + 250);
});
