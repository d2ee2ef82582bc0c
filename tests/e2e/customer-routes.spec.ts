import { randomBytes } from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  apiNewCustomer,
  menuOf,
  openVendors,
  type Session,
  signedInContext,
} from "./order-helpers";

/**
 * Every customer route of the spec's route table, signed in and signed out, on a phone and on a desktop: axe with
 * EVERY rule it runs by default (WCAG A/AA and its best practices, e.g. `region`, `landmark-unique`,
 * `heading-order`), plus what the customer should meet on the way (basket control, car on the order, the
 * signed-out redirect without a skeleton). Screenshots go to /tmp/customer-shots for the report.
 */

const SHOTS = "/tmp/customer-shots";
fs.mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary, where).toEqual([]);
}

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

interface Fixture {
  session: Session;
  vendorId: number;
  vendorName: string;
  itemId: number;
  orderId: number;
}

/** A customer with a placed car-delivery cash order and one item waiting in the basket. */
async function fixture(request: APIRequestContext): Promise<Fixture> {
  const session = await apiNewCustomer(request, "Rhea Routes");
  const vendors = await openVendors(request);
  const vendor = vendors.find((candidate) => candidate.name === "Smash Stack") ?? vendors[0]!;
  const items = await menuOf(request, vendor.id);
  // An item without required add-ons: the plain add call takes it.
  let itemId = items[0]!.id;
  for (const item of items) {
    const groups = (await (
      await request.get(`/api/menu-items/${item.id}/addon-groups`)
    ).json()) as {
      addonGroups: { is_required: boolean }[];
    };
    if (!groups.addonGroups.some((group) => group.is_required)) {
      itemId = item.id;
      break;
    }
  }
  const add = () =>
    request.post("/api/cart/add-with-addons", {
      headers: auth(session),
      data: {
        itemId,
        quantity: 1,
        vendorId: vendor.id,
        orderType: "takeaway",
        addonSelections: [],
      },
    });
  expect((await add()).status()).toBe(200);
  const placed = await request.post("/api/orders", {
    headers: { ...auth(session), "Idempotency-Key": `e2e-${randomBytes(8).toString("hex")}` },
    data: {
      vendorId: vendor.id,
      orderType: "takeaway",
      paymentMethod: "cash_at_counter",
      items: [],
      vehicleData: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id: orderId } = (await placed.json()) as { id: number };
  expect((await add()).status()).toBe(200);
  return { session, vendorId: vendor.id, vendorName: vendor.name, itemId, orderId };
}

/** Waits until the screen has drawn its heading and nothing is still loading. */
async function settled(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

async function signedIn(browser: Browser, session: Session, view: (typeof VIEWPORTS)[number]) {
  return signedInContext(browser, session, {
    viewport: view.viewport,
    isMobile: view.isMobile,
    hasTouch: view.hasTouch,
  });
}

for (const view of VIEWPORTS) {
  test.describe(`customer routes on a ${view.name}`, () => {
    test("signed in: every route passes axe with every rule, and shows the basket and the car", async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const data = await fixture(request);
      const { context, page } = await signedIn(browser, data.session, view);
      try {
        const routes: [string, string][] = [
          ["home", "/"],
          ["vendors", "/vendors"],
          ["menu", `/vendor/${data.vendorId}`],
          ["item", `/vendor/${data.vendorId}/item/${data.itemId}`],
          ["cart", "/cart"],
          ["orders", "/orders"],
          ["order", `/order/${data.orderId}`],
          ["track", `/track-order/${data.orderId}`],
          ["payment", "/stripe-webview-payment"],
          ["payment-success", "/payment-success"],
          ["confirmation", `/order-confirmation/${data.orderId}`],
          ["cash", "/pay-cash-at-counter"],
          ["profile", "/profile"],
          ["test-notification", "/test-notification"],
        ];
        for (const [name, path] of routes) {
          await page.goto(path);
          await settled(page);
          if (["home", "vendors", "orders", "profile"].includes(name)) {
            const basket = page.getByRole("link", { name: /^Basket · 1 item · £\d+\.\d\d$/ });
            await expect(basket, `${name}: the basket control`).toBeVisible();
          }
          if (name === "orders" || name === "order") {
            await expect(page.getByText("Blue Ford · AB12 CDE").first()).toBeVisible();
          }
          if (name === "confirmation") {
            await expect(page.getByText("Car delivery")).toBeVisible();
            await expect(page.getByText("AB12 CDE")).toBeVisible();
          }
          await page.screenshot({ path: `${SHOTS}/${view.name}-${name}.png`, fullPage: true });
          await expectNoAxeViolations(page, `${path} (${view.name}, signed in)`);
        }

        // One tap from the basket control to the cart.
        await page.goto("/orders");
        await page.getByRole("link", { name: /^Basket · / }).click();
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      } finally {
        await context.close();
      }
    });

    test("signed out: / goes to /login without painting the trailer skeleton; open pages pass axe", async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: view.viewport,
        isMobile: view.isMobile,
        hasTouch: view.hasTouch,
      });
      const page = await context.newPage();
      try {
        // What the first paint shows: the sign-in card's shell, never the signed-in skeleton.
        await page.route("**/assets/*.js", (route) => route.abort());
        await page.goto("/");
        expect(new URL(page.url()).pathname).toBe("/login");
        expect(await page.locator("html").getAttribute("data-shell")).toBe("auth");
        await expect(page.locator(".fp-app")).toBeHidden();
        await page.unroute("**/assets/*.js");

        for (const [name, path] of [
          ["login", "/login"],
          ["signup", "/signup"],
          ["test-auto-login", "/test-auto-login"],
          ["test-notification", "/test-notification"],
        ] as const) {
          await page.goto(path);
          await settled(page);
          await page.screenshot({ path: `${SHOTS}/${view.name}-signed-out-${name}.png` });
          await expectNoAxeViolations(page, `${path} (${view.name}, signed out)`);
        }
        await page.goto("/orders");
        await expect(page).toHaveURL(/\/login$/);
      } finally {
        await context.close();
      }
    });
  });
}

test("'+ Add' keeps the focus; the menu's bar names its trailer beside the basket; the car answer survives a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const data = await fixture(request);
  const { context, page } = await signedIn(browser, data.session, VIEWPORTS[0]);
  try {
    const vendors = await openVendors(request);
    const other = vendors.find((vendor) => vendor.id !== data.vendorId)!;
    let dish: { id: number; name: string } | undefined;
    for (const item of await menuOf(request, other.id)) {
      const groups = (await (
        await request.get(`/api/menu-items/${item.id}/addon-groups`)
      ).json()) as {
        addonGroups: unknown[];
      };
      if (groups.addonGroups.length === 0) {
        dish = item;
        break;
      }
    }
    expect(dish, `a dish without options at ${other.name}`).toBeDefined();
    await page.goto(`/vendor/${other.id}`);
    await page.getByRole("button", { name: `Add ${dish!.name}`, exact: true }).click();
    await expect(page.getByRole("button", { name: `Increase ${dish!.name}` })).toBeFocused();
    await expect(page.locator(".basket-bar")).toHaveText(
      new RegExp(
        `^${other.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: 1 item · £\\d+\\.\\d\\d — basket 2 items$`,
      ),
    );
    await page.screenshot({ path: `${SHOTS}/phone-menu-basket-bar.png` });

    await page.goto("/cart");
    await page.getByRole("radio", { name: "Yes", exact: true }).check();
    await page.getByRole("textbox", { name: "Car registration" }).fill("AB12CDE");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Vehicle Selected")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Vehicle Selected")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Yes", exact: true })).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/phone-cart-car-kept.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("status toasts: one compact line per order, a newer status replacing the older, no warning sign while in progress", async ({
  browser,
  request,
}) => {
  const session = await apiNewCustomer(request, "Tess Toasts");
  const { context, page } = await signedIn(browser, session, VIEWPORTS[0]);
  try {
    await page.goto("/test-notification");
    await page.getByRole("button", { name: "Preparing", exact: true }).click();
    const toasts = page.locator(".toast-host .toast");
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toHaveClass(/toast--warning/);
    // The icon is the clock, not the alert triangle other warnings wear.
    const icon = await toasts.first().locator(".toast__icon path").getAttribute("d");
    expect(icon).toContain("M12 21a9 9 0 1 0 0-18");
    const box = await toasts.first().boundingBox();
    expect(box!.height).toBeLessThanOrEqual(68);
    // On screen, at the top right.
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Ready for pickup", exact: true }).click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toHaveClass(/toast--success/);
    await page.waitForTimeout(400); // the toast's 0.2 s entrance, for the picture
    await page.screenshot({ path: `${SHOTS}/phone-status-toast.png` });
  } finally {
    await context.close();
  }
});
