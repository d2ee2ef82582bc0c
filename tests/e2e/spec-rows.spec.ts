import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { apiNewCustomer, type Session, signedInPage } from "./order-helpers";

/** The spec's last rows as a customer meets them. */

const brand = JSON.parse(fs.readFileSync(path.resolve("src/brand.json"), "utf8")) as {
  appName: string;
  colors: { primary: string };
};

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/** A fake Android host: records what the page hands it. */
async function fakeAndroidHost(page: Page) {
  await page.addInitScript(() => {
    const calls: string[][] = [];
    (window as unknown as { hostCalls: string[][] }).hostCalls = calls;
    window.FoodParkAndroid = {
      log: (level: string, message: string) => void calls.push(["log", level, message]),
      onError: (message: string) => void calls.push(["onError", message]),
    };
  });
  return () => page.evaluate(() => (window as unknown as { hostCalls: string[][] }).hostCalls);
}

/** A new customer with two plain Forno & Fuoco items in the cart (through the API), on the cart page. */
async function cartPage(page: Page, session: Session) {
  const headers = { authorization: `Bearer ${session.token}` };
  const vendors = (await (await page.request.get("/api/vendors/list")).json()) as {
    data: { id: number; name: string }[];
  };
  const forno = vendors.data.find((vendor) => vendor.name === "Forno & Fuoco")!;
  const menu = (await (await page.request.get(`/api/vendors/${forno.id}/items`)).json()) as {
    items: { items: { id: string; has_required_addongroups: boolean }[] }[];
  };
  const plain = menu.items
    .flatMap((group) => group.items)
    .find((item) => !item.has_required_addongroups)!;
  const added = await page.request.post("/api/cart/add", {
    headers,
    data: { itemId: Number(plain.id.replace("item_", "")), vendorId: forno.id, quantity: 2 },
  });
  expect(added.status()).toBe(200);
  await page.goto("/cart");
  await page.getByRole("radio", { name: "No", exact: true }).check();
  return (await added.json()) as {
    subtotalPence: number;
    serviceChargePence: number;
    totalPence: number;
  };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

test.describe("brand configuration", () => {
  test("the brand's name and colour are what the customer sees", async ({ page }) => {
    await page.goto("/login");

    await expect(page.locator(".auth-card__brand")).toHaveText(brand.appName);
    await expect(page).toHaveTitle(brand.appName);
    const primary = await page.evaluate(() =>
      document.documentElement.style.getPropertyValue("--c-primary"),
    );
    expect(primary).toBe(brand.colors.primary);
    await expect(page.getByRole("button", { name: "Sign In" })).toHaveCSS(
      "background-color",
      rgb(brand.colors.primary),
    );
  });
});

test.describe("the Android host bridge", () => {
  test("receives a forwarded error toast and an uncaught error", async ({ page }) => {
    const hostCalls = await fakeAndroidHost(page);
    await page.goto("/test-notification");

    await page.getByRole("button", { name: "Error", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to add item to cart" }),
    ).toBeVisible();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("Kaboom in the page");
      });
    });

    await expect
      .poll(async () => (await hostCalls()).filter(([kind]) => kind === "onError"))
      .toEqual([
        ["onError", "error toast: Failed to add item to cart"],
        ["onError", "uncaught: Kaboom in the page"],
      ]);
    // Logs travel the other method, e.g. the service worker this test run blocks.
    expect(
      (await hostCalls())
        .filter(([kind]) => kind === "log")
        .every(([, level]) => ["info", "warn", "error"].includes(level!)),
    ).toBe(true);
  });
});

test.describe("profile", () => {
  test("'Failed to get user profile' when the profile call fails, and the host hears of it", async ({
    page,
    context,
  }) => {
    const session = await apiNewCustomer(page.request, "Priya Profile");
    // A server error (a 503 is first sent again after its Retry-After, then kept as "not reached": that path is
    // the outage tests').
    await context.route("**/auth/me", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"message":"Down for maintenance"}',
      }),
    );
    const hostCalls = await fakeAndroidHost(page);
    await signedInPage(context, session).then((opened) => opened.close());

    await page.goto("/profile");

    await expect(page.getByRole("alert")).toContainText("Failed to get user profile");
    await expect(page.getByRole("heading", { name: "Priya Profile" })).toBeVisible(); // the saved details stay
    await expect
      .poll(async () => (await hostCalls()).map((call) => call[1]))
      .toContain("Failed to get user profile: Down for maintenance");

    await context.unroute("**/auth/me");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert")).toBeHidden();
  });
});

test.describe("toast durations (docs/product-spec.md § Business constants and limits)", () => {
  for (const [button, text, durationMs] of [
    ["Success", "Item added to cart successfully", 4000],
    ["Error", "Failed to add item to cart", 6000],
    ["Ready for pickup", "Ready for Pickup", 6000],
  ] as const) {
    test(`'${button}' stays ${durationMs / 1000} s`, async ({ page }) => {
      await page.clock.install();
      await page.goto("/test-notification");
      const show = page.getByRole("button", { name: button, exact: true });
      // The page starts in tasks on its own timers: it is drawn before its time is paused.
      await expect(show).toBeVisible();
      // From here the page's time moves only when the test says so.
      await page.clock.pauseAt(new Date(Date.now() + 60_000));
      await show.click();
      const toast = page.locator(".toast", { hasText: text });
      await expect(toast).toBeVisible();

      await page.clock.runFor(durationMs - 200);
      await expect(toast).toBeVisible();
      await page.clock.runFor(400);
      await expect(toast).toBeHidden();
    });
  }
});

test.describe("totals and card payments", () => {
  test("the cash screen's bill carries the service charge (no delivery fee for Click & Collect)", async ({
    page,
    context,
  }) => {
    const session = await apiNewCustomer(page.request, "Cash Carl");
    await signedInPage(context, session).then((opened) => opened.close());
    const cart = await cartPage(page, session);
    expect(cart.serviceChargePence).toBeGreaterThan(0);
    await page.getByRole("radio", { name: /Cash at the counter/ }).check();
    await page.getByRole("button", { name: /^Place Order/ }).click();

    await expect(page).toHaveURL("/pay-cash-at-counter");
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText(`Subtotal${pounds(cart.subtotalPence)}`);
    await expect(summary).toContainText(`Service Charge${pounds(cart.serviceChargePence)}`);
    await expect(summary).toContainText(`Total${pounds(cart.totalPence)}`);
    await expect(summary).not.toContainText("Delivery Fee"); // Click & Collect
  });

  test("a card declined in the payment popup shows the error panel within a few seconds; Stripe.js stays away", async ({
    page,
    context,
  }) => {
    const stripeRequests: string[] = [];
    page.on(
      "request",
      (request) => request.url().includes("stripe.com") && stripeRequests.push(request.url()),
    );
    const session = await apiNewCustomer(page.request, "Declan Declined");
    await signedInPage(context, session).then((opened) => opened.close());
    await cartPage(page, session);
    await page.getByRole("button", { name: /^Proceed to Payment/ }).click();
    await expect(page.getByRole("heading", { name: "Secure Payment" })).toBeVisible();

    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open Secure Payment Page" }).click();
    const popup = await popupOpened;
    await expect(page.getByRole("heading", { name: "Processing your payment..." })).toBeVisible();
    await fillCard(popup, "4000 0000 0000 0002");
    const declinedAt = Date.now();

    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible({
      timeout: 6000,
    });
    expect(Date.now() - declinedAt).toBeLessThan(6000);
    await expect(page.getByText("Your card was declined.")).toBeVisible();
    await expect.poll(() => popup.isClosed()).toBe(true);
    await page.getByRole("button", { name: "Retry Payment" }).click();
    await expect(page.getByRole("button", { name: "Start Payment" })).toBeVisible();

    // Without Stripe keys the screen loads nothing of Stripe's.
    expect(stripeRequests).toEqual([]);
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
  });

  test("closing the payment popup without paying says so", async ({ page, context }) => {
    const session = await apiNewCustomer(page.request, "Polly Popup");
    await signedInPage(context, session).then((opened) => opened.close());
    await cartPage(page, session);
    await page.getByRole("button", { name: /^Proceed to Payment/ }).click();
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open Secure Payment Page" }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/pay\/test-checkout\//);

    await popup.close();

    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible({
      timeout: 6000,
    });
    await expect(
      page.getByText("Payment was cancelled or failed. Please try again."),
    ).toBeVisible();
  });
});

test.describe("install sheet", () => {
  test("the served manifest has phone and wide screenshots and the Trailers and My Orders shortcuts, all served", async ({
    request,
  }) => {
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
      screenshots: { src: string; sizes: string; form_factor: string }[];
      shortcuts: { name: string; url: string; icons: { src: string }[] }[];
    };

    expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.sizes])).toEqual([
      ["narrow", "390x844"],
      ["wide", "1280x800"],
    ]);
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["Trailers", "/vendors"],
      ["My Orders", "/orders"],
    ]);
    for (const src of [
      ...manifest.screenshots.map((shot) => shot.src),
      ...manifest.shortcuts.map((shortcut) => shortcut.icons[0]!.src),
    ]) {
      const response = await request.get(src);
      expect(response.status(), src).toBe(200);
      expect(response.headers()["content-type"], src).toBe("image/png");
    }
  });
});
