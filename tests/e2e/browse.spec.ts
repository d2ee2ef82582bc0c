import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";

/** Waits for a sheet's slide-in to end: a click during it can land where the panel no longer is. */
async function settled(sheet: Locator) {
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/**
 * The customer's path from the park to a full cart, on the real server with the demo park:
 * Forno & Fuoco is vendor 1 (Margherita, item 1, needs a portion size; Garlic Dough Balls can be added
 * from the list), Taco Libre, Bean Machine and the closed Churro Loco are the 'Under £10' trailers.
 */

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

const cardNames = (page: Page) => page.locator(".vendor-card__name").allTextContents();

async function serverCart(page: Page, vendorId: number) {
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const response = await page.request.get(`/api/cart?vendorId=${vendorId}&orderType=takeaway`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    items: {
      name: string;
      quantity: number;
      totalPricePence: number;
      allergyInformation: string;
    }[];
    subtotalPence: number;
    serviceChargePence: number;
    totalPence: number;
  };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test.describe("Food Trailers list", () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
    await page.goto("/vendors");
    await expect(page.getByText("Found 8 vendors")).toBeVisible();
  });

  test("a double tap on a trailer opens its menu once: Back returns to the list", async ({
    page,
  }) => {
    // The menu's code arrives slowly (park Wi-Fi): the second tap lands while the list is still shown.
    await page.route(/\/assets\/VendorMenuRoute-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const entries = await page.evaluate(() => history.length);
    await page.getByRole("link", { name: "Smash Stack" }).dblclick();
    await expect(page.getByRole("heading", { name: "Smash Stack" })).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    await page.goBack();
    await expect(page.getByText("Found 8 vendors")).toBeVisible();
    await expect(page).toHaveURL(/\/vendors$/);
  });

  test("search turns the title into a box, matches names and closes on blur", async ({ page }) => {
    await page.getByRole("button", { name: "Search vendors" }).click();
    const search = page.getByPlaceholder("Search vendors...");
    await expect(search).toBeFocused();
    await search.fill("TACO");
    await expect(page.getByRole("status").filter({ hasText: "Found 1 vendor" })).toHaveText(
      'Found 1 vendor for "TACO"',
    );
    expect(await cardNames(page)).toEqual(["Taco Libre"]);

    await search.blur();
    await expect(page.getByPlaceholder("Search vendors...")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Food Trailers" })).toBeVisible();

    await page.getByRole("button", { name: "Search vendors" }).click();
    await page.getByPlaceholder("Search vendors...").fill("sushi");
    await expect(page.getByText('No vendors found for "sushi"')).toBeVisible();
  });

  test("typing fast into the search keeps every keystroke (the address follows as a transition)", async ({
    page,
  }) => {
    await page.getByRole("button", { name: "Search vendors" }).click();
    const search = page.getByPlaceholder("Search vendors...");
    await search.pressSequentially("bean machine", { delay: 0 });
    await expect(search).toHaveValue("bean machine");
    await expect(page.getByRole("status").filter({ hasText: "Found 1 vendor" })).toHaveText(
      'Found 1 vendor for "bean machine"',
    );
  });

  test("'Under £10', the Filter sheet and sorting 'Name Z-A'", async ({ page }) => {
    await page.getByRole("button", { name: "Under £10" }).click();
    await expect(page.getByRole("button", { name: "Under £10" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("Found 3 vendors · Under £10")).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual(["Bean Machine", "Churro Loco", "Taco Libre"]);
    await expect(
      page.locator(".vendor-card", { hasText: "Churro Loco" }).getByText("Closed"),
    ).toBeVisible();

    await page.getByRole("button", { name: /^Sort by/ }).click();
    const sortSheet = page.getByRole("dialog", { name: "Sort by" });
    await settled(sortSheet);
    await sortSheet.getByLabel("Name Z-A").check();
    await sortSheet.getByRole("button", { name: "Done" }).click();
    await expect(sortSheet).toBeHidden();
    await expect(page.getByText("Found 3 vendors · Under £10 · sorted by Name Z-A")).toBeVisible();
    expect(await cardNames(page)).toEqual(["Taco Libre", "Churro Loco", "Bean Machine"]);

    await page.getByRole("button", { name: /^Filter/ }).click();
    const filterSheet = page.getByRole("dialog", { name: "Filter" });
    await settled(filterSheet);
    await filterSheet.getByLabel(/Open now only/).check();
    await expect(filterSheet.getByRole("button", { name: "Show 2 trailers" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(filterSheet).toBeHidden();
    await expect(
      page.getByText("Found 2 vendors · Open now · Under £10 · sorted by Name Z-A"),
    ).toBeVisible();
    expect(await cardNames(page)).toEqual(["Taco Libre", "Bean Machine"]);

    await page.getByRole("button", { name: /^Sort by/ }).click();
    await page
      .getByRole("dialog", { name: "Sort by" })
      .getByRole("button", { name: "Clear sorting" })
      .click();
    await page.keyboard.press("Escape");
    await expect(page.getByText("Found 2 vendors · Open now · Under £10")).toBeVisible();

    await page.getByRole("link", { name: "Taco Libre" }).click();
    await expect(page).toHaveURL(/\/vendor\/\d+$/);
    await page.goBack();
    await expect(page.getByText("Found 2 vendors · Open now · Under £10")).toBeVisible();
  });

  test("has no axe violations, with the sort sheet open too", async ({ page }) => {
    await expectNoViolations(page);
    await page.getByRole("button", { name: /^Sort by/ }).click();
    await expect(page.getByRole("dialog", { name: "Sort by" })).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe("vendor menu", () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
    await page.goto("/vendor/1");
    await expect(page.getByRole("heading", { name: "Forno & Fuoco", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pizzas" })).toBeVisible();
  });

  test("search, category chips and the allergen filter", async ({ page }) => {
    await expect(page.getByText("Open Now")).toBeVisible();
    await page.getByPlaceholder("Search your favourites").fill("dough balls");
    await expect(page.locator(".menu-item__name")).toHaveText(["Garlic Dough Balls"]);
    await page.getByPlaceholder("Search your favourites").fill("mascarpone");
    await expect(page.locator(".menu-item__name")).toHaveText(["Tiramisu"]);
    await page.getByPlaceholder("Search your favourites").fill("");

    await page.getByRole("button", { name: "Desserts" }).click();
    await expect(page.locator(".menu-section__title")).toHaveText(["Desserts"]);
    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(page.locator(".menu-section__title")).toHaveText([
      "Pizzas",
      "Sides",
      "Desserts",
      "Drinks",
    ]);

    const margherita = page.locator(".menu-item", { hasText: "Margherita" });
    await expect(margherita.getByText("Contains: Gluten, Milk")).toBeVisible();
    await page.getByRole("button", { name: /Hide items containing/ }).click();
    const sheet = page.getByRole("dialog", { name: "Hide items containing…" });
    await sheet.getByLabel("Milk", { exact: true }).check();
    await sheet.getByRole("button", { name: "Done" }).click();
    await expect(margherita).toHaveCount(0);
    await expect(page.getByText(/items are hidden by your allergen filter/)).toBeVisible();
    await expect(page.locator(".menu-item", { hasText: "Marinara" })).toBeVisible();

    await page.reload();
    await expect(page.getByText(/items are hidden by your allergen filter/)).toBeVisible();
    await page.getByRole("button", { name: /Hide items containing/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Clear all" }).click();
    await page.keyboard.press("Escape");
    await expect(margherita).toBeVisible();
  });

  test("add from the list, step the quantity, and the badge counts lines", async ({ page }) => {
    const row = page.locator(".menu-item", { hasText: "Garlic Dough Balls" });
    await row.getByRole("button", { name: "Add Garlic Dough Balls" }).click();

    const banner = page.locator(".cart-banner");
    await expect(banner).toContainText("1 Item Added");
    await expect(banner).toContainText("Garlic Dough Balls");
    await expect(banner.getByRole("button", { name: "View Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(banner).toBeHidden({ timeout: 5000 });

    const stepper = row.getByRole("group", { name: "Quantity of Garlic Dough Balls" });
    const count = stepper.locator(".stepper__value");
    await expect(count).toHaveText("1 in cart");
    await stepper.getByRole("button", { name: "Increase Garlic Dough Balls" }).click();
    await expect(count).toHaveText("2 in cart");
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    expect((await serverCart(page, 1)).items).toMatchObject([
      { name: "Garlic Dough Balls", quantity: 2 },
    ]);

    await page
      .locator(".menu-item", { hasText: "Tiramisu" })
      .getByRole("button", { name: "Add Tiramisu" })
      .click();
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

    await stepper.getByRole("button", { name: "Decrease Garlic Dough Balls" }).click();
    await expect(count).toHaveText("1 in cart");
    await stepper.getByRole("button", { name: "Remove Garlic Dough Balls" }).click();
    await expect(row.getByRole("button", { name: "Add Garlic Dough Balls" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  });

  test("busy states on a phone: 'Adding...', the stepper's spinner, and the banner's View Cart", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release: (() => void)[] = [];
    await page.route("**/api/cart/{add,update}", async (route) => {
      await new Promise<void>((resolve) => release.push(resolve));
      await route.continue();
    });
    // The busy state shows as the write starts, which can be before its request reaches the route: wait for it.
    const releaseHeldRequest = async () => {
      await expect.poll(() => release.length).toBe(1);
      release.shift()?.();
    };

    const row = page.locator(".menu-item", { hasText: "Rocket & Parmesan Salad" });
    await row.getByRole("button", { name: "Add Rocket & Parmesan Salad" }).click();
    const adding = row.getByRole("button", { name: "Adding Rocket & Parmesan Salad" });
    await expect(adding).toContainText("Adding...");
    await expect(adding).toBeDisabled();
    await releaseHeldRequest();

    await page.locator(".cart-banner").getByRole("button", { name: "View Cart" }).click();
    await expect(page).toHaveURL(/\/cart#vendor-\d+$/);
    await expect(page.locator(".cart-line", { hasText: "Rocket & Parmesan Salad" })).toContainText(
      "£4.50",
    );
    await page.goBack();

    const stepper = row.getByRole("group", { name: "Quantity of Rocket & Parmesan Salad" });
    await stepper.getByRole("button", { name: "Increase Rocket & Parmesan Salad" }).click();
    await expect(stepper.getByRole("status")).toHaveText("Updating");
    await expect(
      stepper.getByRole("button", { name: "Increase Rocket & Parmesan Salad" }),
    ).toBeDisabled();
    await releaseHeldRequest();
    await expect(stepper.locator(".stepper__value")).toHaveText("2 in cart");
    await expect(
      stepper.getByRole("button", { name: "Increase Rocket & Parmesan Salad" }),
    ).toBeEnabled();
  });

  test("an item with required add-on groups opens item detail instead of adding", async ({
    page,
  }) => {
    await page
      .locator(".menu-item", { hasText: "Margherita" })
      .getByRole("button", { name: "Add Margherita" })
      .click();
    await expect(page).toHaveURL("/vendor/1/item/1");
    await expect(page.getByRole("heading", { name: "Margherita", level: 1 })).toBeVisible();
  });

  test("has no axe violations", async ({ page }) => {
    await expectNoViolations(page);
  });
});

test.describe("item detail and the cart", () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
  });

  test("required groups, portion price, add-ons, an allergy note, then the cart's totals are the server's", async ({
    page,
  }) => {
    await page.goto("/vendor/1/item/1");
    await expect(page.getByText("Best Seller")).toBeVisible();
    await expect(page.getByRole("list", { name: "This item contains" })).toContainText(
      "Cereals containing gluten",
    );
    await expect(page.getByText("Choose 1 to 1")).toBeVisible();
    await expect(page.getByLabel("Garlic & herb mayo")).not.toBeChecked();

    const bar = page.locator(".item-bar").getByRole("button");
    await expect(bar).toHaveText("Please complete required selections");
    await bar.click();
    await expect(
      page.getByText("Choose Portion Size is required. Please select at least 1 option(s)."),
    ).toBeVisible();
    await expect(page.getByText("Please select", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Please select the required add-ons to add this item to your cart"),
    ).toBeVisible();

    await page.getByLabel('12" Large').check();
    await expect(bar).toHaveText("Add to Cart £12.50");
    await page.getByLabel("Nduja").check();
    await expect(bar).toHaveText("Add to Cart £14.00");
    // Crust dips allow 2: with the (no longer preselected) mayo and hot honey, chilli oil is out of reach.
    await page.getByLabel("Garlic & herb mayo").check();
    await page.getByLabel("Hot honey").check();
    await expect(page.getByLabel("Chilli oil")).toBeDisabled();
    await page.getByLabel("Hot honey").uncheck();
    await expect(page.getByLabel("Chilli oil")).toBeEnabled();

    await page.getByRole("button", { name: "+ Allergy Notes" }).click();
    const notes = page.getByRole("dialog", { name: "Allergy Notes" });
    await notes.getByRole("textbox").fill("Coeliac: please change gloves");
    await expect(notes.getByText("29/500")).toBeVisible();
    await notes.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByText("Coeliac: please change gloves")).toBeVisible();

    await bar.click();
    await expect(page.locator(".toast", { hasText: "1 Item Added" })).toBeVisible();
    await expect(bar).toHaveText("View Cart (1 item)");
    const [line] = (await serverCart(page, 1)).items;
    expect(line).toMatchObject({
      name: "Margherita",
      quantity: 1,
      totalPricePence: 1400,
      allergyInformation: "Coeliac: please change gloves",
    });

    // Once the item is in the cart the note is saved on its line through the allergy endpoint.
    await page.getByRole("button", { name: "Edit Allergy Notes" }).click();
    await page
      .getByRole("dialog", { name: "Allergy Notes" })
      .getByRole("textbox")
      .fill("Coeliac and no garlic");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByText("Allergy information saved successfully")).toBeVisible();
    expect((await serverCart(page, 1)).items[0]?.allergyInformation).toBe("Coeliac and no garlic");
    await expectNoViolations(page);

    await page.goto("/vendor/1");
    await page
      .locator(".menu-item", { hasText: "Garlic Dough Balls" })
      .getByRole("button", { name: "Add Garlic Dough Balls" })
      .click();
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    await page.getByRole("link", { name: "Cart, 2 items" }).click();

    await expect(page).toHaveURL(/\/cart#vendor-\d+$/);
    await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
    const margherita = page.locator(".cart-line", { hasText: "Margherita" });
    await expect(margherita.getByText('12" Large')).toBeVisible();
    await expect(margherita.getByText("Coeliac and no garlic")).toBeVisible();
    // Every add-on is named without a tap.
    await expect(margherita.getByRole("list", { name: "Add-ons of Margherita" })).toContainText(
      "Extra toppings: Nduja × 1 +£1.50",
    );

    const server = await serverCart(page, 1);
    const summary = page.locator(".cart-summary");
    await expect(summary.locator('[data-row="Subtotal"] dd')).toHaveText(
      pounds(server.subtotalPence),
    );
    await expect(summary.locator('[data-row="Service Charge"] dd')).toHaveText(
      pounds(server.serviceChargePence),
    );
    await expect(summary.locator('[data-row="Total"] dd')).toHaveText(pounds(server.totalPence));
    await expect(summary).not.toContainText("Delivery Fee");
    await expect(
      page.getByRole("button", { name: `Proceed to Payment ${pounds(server.totalPence)}` }),
    ).toBeDisabled();
    await expectNoViolations(page);

    const dough = page.locator(".cart-line", { hasText: "Garlic Dough Balls" });
    await dough.getByRole("button", { name: "Increase Garlic Dough Balls" }).click();
    await expect(dough.locator(".cart-line__total")).toHaveText("£11.00");
    const after = await serverCart(page, 1);
    await expect(summary.locator('[data-row="Total"] dd')).toHaveText(pounds(after.totalPence));

    await page.getByRole("button", { name: "Clear cart" }).click();
    const confirm = page.getByRole("dialog", { name: "Clear your cart?" });
    await confirm.getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByText("Cart cleared successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    expect((await serverCart(page, 1)).items).toEqual([]);
    await page.getByRole("link", { name: "Back to Menu" }).click();
    await expect(page).toHaveURL("/vendor/1");
  });

  test("an empty cart says so", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Menu" })).toHaveAttribute(
      "href",
      "/vendors",
    );
  });

  test("an unknown vendor or item says it failed, the item with debug info", async ({ page }) => {
    await page.goto("/vendor/99999");
    await expect(page.getByText("Vendor not found or failed to load.")).toBeVisible();
    await page.goto("/vendor/not-a-number");
    await expect(page.getByText("Vendor not found or failed to load.")).toBeVisible();

    await page.goto("/vendor/1/item/99999");
    await expect(page.getByText("Item not found or failed to load.")).toBeVisible();
    await page.getByText("Debug info").click();
    await expect(page.locator(".debug-info")).toContainText("404");
  });
});
