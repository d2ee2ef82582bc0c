import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";
import { apiLogin, STAFF, signedInContext } from "./order-helpers";
import { goOffline, waitForControllingWorker } from "./pwa-helpers";

const brand = JSON.parse(fs.readFileSync(path.resolve("src/brand.json"), "utf8")) as {
  features: { search: boolean };
};

/** WCAG 2 A/AA plus axe's heading-order and page-has-heading-one (the two moderate findings of the first audit). */
async function expectNoViolations(page: Page) {
  const wcag = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const structure = await new AxeBuilder({ page })
    .withRules(["heading-order", "page-has-heading-one"])
    .analyze();
  const summary = [...wcag.violations, ...structure.violations].map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

async function vendorIdNamed(page: Page, name: string): Promise<number> {
  const list = (await (await page.request.get("/api/vendors/list")).json()) as {
    data: { id: number; name: string }[];
  };
  return list.data.find((vendor) => vendor.name === name)!.id;
}

async function itemIdNamed(page: Page, vendorId: number, name: string): Promise<number> {
  const menu = (await (await page.request.get(`/api/vendors/${vendorId}/items`)).json()) as {
    items: { items: { id: string; name: string }[] }[];
  };
  const item = menu.items
    .flatMap((group) => group.items)
    .find((candidate) => candidate.name === name)!;
  return Number(item.id.replace("item_", ""));
}

test.describe("what customers see", () => {
  test("add-ons and their allergens: live on the item page, named in the cart, on the cash screen and on the staff board", async ({
    page,
    browser,
    request,
  }) => {
    await signUp(page);
    const forno = await vendorIdNamed(page, "Forno & Fuoco");
    const margherita = await itemIdNamed(page, forno, "Margherita");
    await page.goto(`/vendor/${forno}/item/${margherita}`);

    const allergens = page.getByRole("list", { name: "This item contains" });
    await expect(allergens).toContainText("Milk");
    await expect(allergens).not.toContainText("Eggs");
    const bar = page.locator(".item-bar");
    await expect(bar).not.toContainText("Includes:");
    // The bar names the whole dish's allergens, not only what the choices bring.
    await expect(bar).toContainText("Contains: Gluten, Milk");

    // A choice's allergens join the panel at once, and are named beside the Add button.
    await page.getByLabel("Garlic & herb mayo").check();
    await expect(allergens).toContainText("Eggs (from Garlic & herb mayo)");
    await expect(allergens).toContainText("Mustard (from Garlic & herb mayo)");
    await expect(bar).toContainText(
      "Includes: Garlic & herb mayo · Contains: Gluten, Eggs, Milk, Mustard",
    );
    await page.getByLabel('12" Large').check();
    await page.getByLabel("Nduja").check();
    await expect(bar).toContainText(
      "Includes: Nduja, Garlic & herb mayo · Contains: Gluten, Eggs, Milk, Mustard",
    );
    await expectNoViolations(page);
    await bar.getByRole("button", { name: "Add to Cart £14.00" }).click();
    await expect(bar.getByRole("button")).toHaveText(/View Cart/);

    await page.goto("/cart");
    const line = page.locator(".cart-line", { hasText: "Margherita" });
    const addons = line.getByRole("list", { name: "Add-ons of Margherita" });
    await expect(addons).toBeVisible();
    await expect(addons.getByRole("listitem")).toHaveText([
      "Extra toppings: Nduja × 1 +£1.50",
      "Crust dips: Garlic & herb mayo × 1 Free",
    ]);
    await expect(line.getByText("Contains: Gluten, Eggs, Milk, Mustard")).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("radio", { name: "No", exact: true }).check();
    await page.getByRole("radio", { name: /Cash at the counter/ }).check();
    await page.getByRole("button", { name: /^Place Order/ }).click();
    await expect(page).toHaveURL("/pay-cash-at-counter");
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary.getByRole("list", { name: "Add-ons of Margherita" })).toContainText(
      "Crust dips: Garlic & herb mayo × 1 Free",
    );
    await expect(summary).toContainText("Extra toppings: Nduja × 1 +£1.50");
    await expect(summary).toContainText(/Estimated time\s*\d+-\d+ minutes/);
    await expectNoViolations(page);
    const orderId = Number((await summary.textContent())?.match(/#(\d+)/)?.[1]);

    await page.goto(`/order/${orderId}`);
    await page.getByRole("tab", { name: "Order Details" }).click();
    await expect(page.getByRole("list", { name: "Add-ons for Margherita" })).toContainText(
      "Crust dips: Garlic & herb mayo × 1 Free",
    );

    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const staffSide = await signedInContext(browser, staff);
    await staffSide.page.goto("/staff");
    // The kitchen ticket names each add-on under its dish (what to cook, no prices).
    const card = staffSide.page.locator(`article[data-order-id="${orderId}"]`);
    await expect(card.getByRole("list", { name: "Add-ons for Margherita" })).toContainText(
      "Garlic & herb mayo",
    );
    await expect(card.locator(".ticket__addons")).toContainText(["Nduja"]);
    await staffSide.context.close();
  });

  test("the timeline says where the order is: 'Pay at the counter', then 'Preparing · now' with the rest upcoming", async ({
    page,
    request,
  }) => {
    await signUp(page);
    const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    const headers = { authorization: `Bearer ${token}` };
    const forno = await vendorIdNamed(page, "Forno & Fuoco");
    const dough = await itemIdNamed(page, forno, "Garlic Dough Balls");
    expect(
      (
        await page.request.post("/api/cart/add", {
          headers,
          data: { itemId: dough, vendorId: forno, quantity: 1 },
        })
      ).status(),
    ).toBe(200);
    const placed = await page.request.post("/api/orders", {
      headers: { ...headers, "Idempotency-Key": `e2e-timeline-${Date.now()}` },
      data: { vendorId: forno, orderType: "takeaway", paymentMethod: "cash_at_counter", items: [] },
    });
    const { id } = (await placed.json()) as { id: number };

    await page.goto(`/track-order/${id}`);
    const timeline = page.getByRole("list", { name: "Order progress" });
    await expect(timeline.locator('[aria-current="step"]')).toHaveText(
      /Pending Payment · Pay at the counter/,
    );
    await expect(timeline.getByText("(upcoming)")).toHaveCount(4);

    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    for (const status of ["confirmed", "preparing"]) {
      await request.patch(`/api/staff/orders/${id}`, {
        headers: { authorization: `Bearer ${staff.token}` },
        data: { status },
      });
    }
    await page.goto(`/order/${id}`);
    const details = page.getByRole("list", { name: "Order progress" });
    await expect(details.locator('[aria-current="step"]')).toHaveText(/Preparing · now/);
    await expect(details.locator(".timeline__step--upcoming")).toHaveText([/Ready/, /Delivered/]);
    await expect(page.getByText(/Estimated time:\s*\d+-\d+ minutes/)).toBeVisible();

    // Home shows the order in progress with its status.
    await page.goto("/");
    const active = page.getByRole("region", { name: `Forno & Fuoco · Order #${id}` });
    // Each thing once: the status in its pill only.
    await expect(active.locator(".active-order__status")).toHaveText("Preparing");
    await expect(active.getByRole("link", { name: "Track order" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the brand's search flag switches Home's search of every open trailer's dishes; on, 'burger' lists dishes with trailer and price and opens one", async ({
    page,
  }) => {
    await signUp(page);
    const search = page.getByRole("searchbox", { name: "Search dishes in every open trailer" });
    if (!brand.features.search) {
      // The spec's brand: search off. Home has no app-wide search; the spec's own search boxes stay.
      await expect(page.getByRole("heading", { name: "Open now" })).toBeVisible();
      await expect(search).toHaveCount(0);
      await page.goto("/vendors");
      await expect(page.getByRole("button", { name: /search/i }).first()).toBeVisible();
      return;
    }
    await search.fill("burger");
    const results = page.getByRole("list", { name: "Dishes matching 'burger'" });
    await expect(results.getByRole("link").first()).toContainText("Buttermilk Chicken Burger");
    await expect(results.getByRole("link").first()).toContainText("Smash Stack");
    await expect(results.getByRole("link").first()).toContainText("£11.00");
    await expect(
      page.getByRole("status").filter({ hasText: /dishes match 'burger'/ }),
    ).toBeVisible();
    await expectNoViolations(page);
    await results.getByRole("link", { name: /Classic Smash/ }).click();
    await expect(page).toHaveURL(/\/vendor\/\d+\/item\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Classic Smash" })).toBeVisible();

    await page.goto("/");
    await search.fill("zzzz");
    await expect(page.getByText("No dishes match 'zzzz'")).toBeVisible();
  });

  test("a new screen opens at the top, Back restores the position; the basket bar leads to the cart", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page);
    await page.goto("/vendors");
    await expect(page.locator(".vendor-card__name").first()).toBeVisible();
    const lastCard = page.locator(".vendor-card").last();
    await lastCard.scrollIntoViewIfNeeded();
    const listPosition = await page.evaluate(() => window.scrollY);
    expect(listPosition).toBeGreaterThan(300);
    const lastName = (await lastCard.locator(".vendor-card__name").textContent())!.trim();
    await lastCard.click();
    await expect(page).toHaveURL(/\/vendor\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: lastName })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL("/vendors");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listPosition - 30);

    const smash = await vendorIdNamed(page, "Smash Stack");
    await page.goto(`/vendor/${smash}`);
    const fries = page.locator(".menu-item", { hasText: "Skin-on Fries" });
    await expect(page.getByRole("link", { name: /View basket/ })).toHaveCount(0);
    const dirty = page.locator(".menu-item", { hasText: "Dirty Fries" });
    await dirty.getByRole("button", { name: "Add Dirty Fries" }).click();
    await expect(page.getByText("1 Item Added")).toBeVisible();
    // After the 3-second banner, the way back to the basket stays within thumb reach.
    const basket = page.getByRole("link", { name: "View basket · 1 item · £6.50" });
    await expect(basket).toBeVisible({ timeout: 6000 });
    const box = (await basket.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 160);
    await expect(fries).toBeVisible();
    await expectNoViolations(page);
    await basket.click();
    await expect(page).toHaveURL(`/cart#vendor-${smash}`);
    await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
  });
});

test.describe("every menu offline", () => {
  test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

  test("after sign-in the worker saves every open menu: one never visited opens offline; an unsaved one says so", async ({
    page,
    context,
  }) => {
    await signUp(page);
    await waitForControllingWorker(page);
    const seoul = await vendorIdNamed(page, "Seoul Bird");
    const churros = await vendorIdNamed(page, "Churro Loco");
    // The worker saves in the background after sign-in: wait until the menu and a dish picture are in its caches.
    await expect
      .poll(
        () =>
          page.evaluate(async (id) => {
            const menu = await caches.match(`/api/vendors/${id}/items`);
            if (!menu) return false;
            const body = (await menu.json()) as { items: { items: { image: string }[] }[] };
            const picture = body.items[0]?.items[0]?.image;
            return Boolean(picture && (await caches.match(picture)));
          }, seoul),
        { timeout: 45_000 },
      )
      .toBe(true);

    await goOffline(context, page);
    await page.goto(`/vendor/${seoul}`);
    await expect(page.getByRole("heading", { level: 1, name: "Seoul Bird" })).toBeVisible();
    await expect(page.locator(".menu-item").first()).toBeVisible();
    await expect(page.getByText("Loading menu...")).toHaveCount(0);

    // Churro Loco is closed today, so it was not saved: offline it says so instead of an endless skeleton.
    await page.goto(`/vendor/${churros}`);
    await expect(page.getByText("This menu isn't saved on your phone yet")).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText("Loading menu...")).toHaveCount(0);
    await context.setOffline(false);
  });
});
