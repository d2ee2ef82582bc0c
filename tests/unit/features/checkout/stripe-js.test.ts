// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const loadStripe = vi.fn(async (key: string) => ({ key }));
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));

let answer: { publishableKey: string | null };

beforeEach(() => {
  vi.resetModules();
  loadStripe.mockClear();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Stripe.js on the Secure Payment screen", () => {
  it("loads nothing of Stripe's when the server has no publishable key", async () => {
    answer = { publishableKey: null };
    const { loadStripeForPaymentScreen } = await import("@/features/checkout/lib/stripe-js");

    expect(await loadStripeForPaymentScreen()).toBeNull();
    expect(loadStripe).not.toHaveBeenCalled();
    expect(String(vi.mocked(fetch).mock.calls[0]![0])).toMatch(/\/api\/payments\/stripe\/config$/);
  });

  it("loads Stripe.js with the server's publishable key, once per page", async () => {
    answer = { publishableKey: "pk_test_51FoodPark" };
    const { loadStripeForPaymentScreen } = await import("@/features/checkout/lib/stripe-js");

    await loadStripeForPaymentScreen();
    await loadStripeForPaymentScreen();

    expect(loadStripe.mock.calls).toEqual([["pk_test_51FoodPark"]]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("does not load Stripe.js merely by being imported", async () => {
    answer = { publishableKey: "pk_test_51FoodPark" };
    await import("@/features/checkout/lib/stripe-js");

    expect(loadStripe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
