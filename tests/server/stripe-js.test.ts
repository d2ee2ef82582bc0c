import { loadConfig, stripeJsKey } from "@server/config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server";

const PUBLISHABLE_KEY = "pk_test_51FoodParkPublishableKey";

const directive = (csp: string | null, name: string) =>
  (csp ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

describe("Stripe.js on the payment screen: only with a publishable key for real Stripe payments", () => {
  let withStripe: TestServer;
  let keyButNoStripe: TestServer;

  beforeAll(async () => {
    withStripe = await startTestServer({
      config: { stripeSecretKey: "sk_test_food_park_fake", stripePublishableKey: PUBLISHABLE_KEY },
    });
    // A publishable key alone: payments go to the local test checkout, which Stripe.js has nothing to do with.
    keyButNoStripe = await startTestServer({ config: { stripePublishableKey: PUBLISHABLE_KEY } });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([withStripe?.close(), keyButNoStripe?.close()]);
  });

  it("hands the signed-in payment screen the publishable key, and lets exactly Stripe.js in through the CSP", async () => {
    const customer = await withStripe.registerCustomer();
    const config = await withStripe.request("/api/payments/stripe/config", {
      token: customer.token,
    });

    expect(config.status).toBe(200);
    expect(config.body).toEqual({ publishableKey: PUBLISHABLE_KEY });
    const csp = (await withStripe.request("/login")).headers.get("content-security-policy");
    // 'self', the shell's one inline script by its hash (contract/shell-guard.mjs), and Stripe.js.
    expect(directive(csp, "script-src")).toMatch(
      /^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/,
    );
    expect(directive(csp, "frame-src")).toBe(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com",
    );
    expect(directive(csp, "connect-src")).toBe(
      "connect-src 'self' ws: wss: https://api.stripe.com",
    );
  });

  it("with a publishable key but no secret key: no key for the screen and nothing of Stripe's in the CSP", async () => {
    const customer = await keyButNoStripe.registerCustomer();
    const config = await keyButNoStripe.request("/api/payments/stripe/config", {
      token: customer.token,
    });

    expect(config.body).toEqual({ publishableKey: null });
    const csp = (await keyButNoStripe.request("/login")).headers.get("content-security-policy");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("stripe.com");
  });

  it("loads Stripe.js only with both keys", () => {
    expect(
      stripeJsKey({ stripeSecretKey: "sk_test_x", stripePublishableKey: PUBLISHABLE_KEY }),
    ).toBe(PUBLISHABLE_KEY);
    expect(stripeJsKey({ stripeSecretKey: "sk_test_x" })).toBeNull();
    expect(stripeJsKey({ stripePublishableKey: PUBLISHABLE_KEY })).toBeNull();
    expect(stripeJsKey({})).toBeNull();
  });

  it("answers the key to signed-in customers only", async () => {
    expect((await withStripe.request("/api/payments/stripe/config")).status).toBe(401);
  });

  it("refuses a STRIPE_PUBLISHABLE_KEY that is not one (a secret key pasted by mistake must never reach browsers)", () => {
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: "sk_live_oops" })).toThrow(
      "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key",
    );
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY }).stripePublishableKey).toBe(
      PUBLISHABLE_KEY,
    );
  });
});
