import type { Cart, CartItem } from "@contract/cart";
import { describe, expect, it } from "vitest";
import { carDeliveryReducer, initialCarDelivery } from "@/features/checkout/hooks/use-car-delivery";
import { isAllowedCheckoutUrl } from "@/features/checkout/lib/checkout-url";
import { allergyNote, orderPayload } from "@/features/checkout/lib/order-payload";
import { displayPlate } from "@/lib/plate";

const ORIGIN = "https://park.example";

describe("isAllowedCheckoutUrl (docs/product-spec.md § Validation rules)", () => {
  it("accepts Stripe's checkout host over https", () => {
    expect(isAllowedCheckoutUrl("https://checkout.stripe.com/c/pay/cs_test_123", ORIGIN)).toBe(
      true,
    );
  });

  it("accepts our own test checkout on this origin", () => {
    expect(isAllowedCheckoutUrl(`${ORIGIN}/pay/test-checkout/pay_abc`, ORIGIN)).toBe(true);
  });

  it.each([
    "http://checkout.stripe.com/c/pay/cs_1",
    "https://checkout.stripe.com.evil.example/c/pay/cs_1",
    "https://evil.example/checkout.stripe.com",
    "https://user@checkout.stripe.com/c/pay",
    `${ORIGIN}/some/other/page`,
    "https://other.example/pay/test-checkout/pay_abc",
    "javascript:alert(1)",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isAllowedCheckoutUrl(url, ORIGIN)).toBe(false);
  });
});

describe("displayPlate", () => {
  it("spaces current-style plates and leaves others compact", () => {
    expect(displayPlate("ab12cde")).toBe("AB12 CDE");
    expect(displayPlate("K1")).toBe("K1");
  });
});

function item(overrides: Partial<CartItem>): CartItem {
  return {
    id: "item_1",
    lineId: 1,
    menuItemId: 1,
    name: "Margherita",
    description: "",
    image: "",
    quantity: 1,
    price: 9,
    addonTotal: 1,
    totalPrice: 10,
    pricePence: 900,
    addonTotalPence: 100,
    totalPricePence: 1000,
    allergyInformation: "",
    addons: [
      {
        groupId: 7,
        groupName: "Extra toppings",
        addons: [{ addonId: 70, name: "Olives", quantity: 1, price: 1, total: 1, pricePence: 100 }],
      },
    ],
    ...overrides,
  };
}

const cart = (items: CartItem[]): Cart => ({
  items,
  subtotal: 0,
  total: 0,
  serviceCharge: 0,
  deliveryCharge: 0,
  subtotalPence: 0,
  totalPence: 0,
  serviceChargePence: 0,
  deliveryChargePence: 0,
  orderType: "takeaway",
  deliveryInstructions: "  by the gate ",
  version: 1,
  vendorId: 3,
  vendor_info: null,
});

describe("the order-creation payload (docs/product-spec.md § Entities and their fields)", () => {
  it("joins every line's 'name: allergy' with '; '", () => {
    const items = [
      item({ name: "Margherita", allergyInformation: " no basil " }),
      item({ lineId: 2, name: "Chips", allergyInformation: "" }),
      item({ lineId: 3, name: "Tiramisu", allergyInformation: "nut allergy" }),
    ];
    expect(allergyNote(cart(items))).toBe("Margherita: no basil; Tiramisu: nut allergy");
    expect(allergyNote(cart([item({})]))).toBeNull();
  });

  it("carries items, add-ons per group, instructions and the vehicle", () => {
    const vehicle = { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" };
    const payload = orderPayload(cart([item({ quantity: 2 })]), {
      vendorId: 3,
      orderType: null,
      vehicle,
    });
    expect(payload).toEqual({
      vendorId: 3,
      orderType: "takeaway",
      items: [
        {
          menu_item_id: 1,
          quantity: 2,
          price: 10,
          allergy_information: null,
          addons: [{ group_id: 7, addons: [{ menu_item_addon_id: 70, quantity: 1, price: 1 }] }],
        },
      ],
      deliveryInstructions: "by the gate",
      allergyNote: null,
      vehicleData: vehicle,
    });
  });
});

describe("car delivery answers", () => {
  it("upper-cases the plate and stops at 8 characters", () => {
    const state = carDeliveryReducer(
      { ...initialCarDelivery, answer: "yes" },
      { type: "plate", plate: "ab12 cdefgh" },
    );
    expect(state.plate).toBe("AB12 CDE");
  });

  it("No clears the plate, the vehicle and any error", () => {
    const found = {
      ...initialCarDelivery,
      answer: "yes" as const,
      plate: "AB12 CDE",
      vehicle: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
      error: "x",
    };
    expect(carDeliveryReducer(found, { type: "answer", answer: "no" })).toEqual({
      ...initialCarDelivery,
      answer: "no",
    });
  });

  it("Change keeps the plate for editing but forgets the vehicle", () => {
    const found = {
      ...initialCarDelivery,
      answer: "yes" as const,
      plate: "AB12 CDE",
      vehicle: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
    };
    expect(carDeliveryReducer(found, { type: "change" })).toMatchObject({
      plate: "AB12 CDE",
      vehicle: null,
    });
  });

  it("a failed search says why and selects nothing", () => {
    const state = carDeliveryReducer(
      { ...initialCarDelivery, answer: "yes", searching: true },
      { type: "failed", error: "Vehicle not found. Please check the registration number." },
    );
    expect(state).toMatchObject({
      searching: false,
      vehicle: null,
      error: "Vehicle not found. Please check the registration number.",
    });
  });
});
