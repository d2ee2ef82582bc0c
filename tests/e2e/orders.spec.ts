import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  roomJoined,
  STAFF,
  signedInContext,
  staffMoves,
} from "./order-helpers";

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

const LIVE_MS = 2000;

test.describe("orders and live status", () => {
  test("a customer watching an order sees staff moves within 2 s, without a reload, on the details and the list", async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const customer = await apiNewCustomer(request, "Lena Live");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [
      { itemId: item!.id, allergy: "No sesame please" },
    ]);

    const customerSide = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    const details = customerSide.page;
    const detailsJoined = roomJoined(details);
    await details.goto(`/order/${order.id}`);
    await expect(details.getByRole("heading", { name: `Order #${order.id}` })).toBeVisible();
    await expect(details.getByText("Pending Payment", { exact: true }).first()).toBeVisible();
    await detailsJoined;

    const list = await customerSide.context.newPage();
    const listJoined = roomJoined(list);
    await list.goto("/orders");
    const card = list.locator(`article[data-order-id="${order.id}"]`);
    await expect(card.locator(".status-pill")).toHaveText("Pending Payment");
    await listJoined;

    // A marker that a reload would wipe.
    await details.evaluate(() => {
      (window as unknown as { stayedPut: boolean }).stayedPut = true;
    });

    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const staffSide = await signedInContext(browser, staff, {
      viewport: { width: 1024, height: 768 },
    });
    const board = staffSide.page;
    const boardJoined = roomJoined(board, "staff");
    await board.goto("/staff");
    const staffCard = board.locator(`article[data-order-id="${order.id}"]`);
    await expect(staffCard).toBeVisible();
    await expect(staffCard.getByRole("note").first()).toContainText("Allergy");
    await expect(staffCard.getByRole("note").first()).toContainText("No sesame please");
    await boardJoined;

    await staffCard.getByRole("button", { name: "Cash taken" }).click();
    await expect(details.locator(".status-banner")).toHaveText("Order Confirmed", {
      timeout: LIVE_MS,
    });

    await staffCard.getByRole("button", { name: "Start" }).click();
    await expect(details.locator(".status-banner")).toHaveText("Preparing Order", {
      timeout: LIVE_MS,
    });
    await expect(card.locator(".status-pill")).toHaveText("Preparing", { timeout: LIVE_MS });
    const toast = details.getByRole("status").filter({ hasText: "is being prepared" });
    await expect(toast).toContainText(`Order #${order.id}`);
    await expect(toast.getByRole("button", { name: "View" })).toBeVisible();

    await staffCard.getByRole("button", { name: "Ready" }).click();
    await expect(details.locator(".status-banner")).toHaveText("Ready for Pickup", {
      timeout: LIVE_MS,
    });
    await expect(card.locator(".status-pill")).toHaveText("Ready for Pickup", { timeout: LIVE_MS });
    await expect(details.getByRole("listitem").filter({ hasText: "Ready" }).first()).toContainText(
      "(done)",
    );

    await staffCard.getByRole("button", { name: "Collected" }).click();
    await expect(details.locator(".status-banner")).toHaveText("Order Completed", {
      timeout: LIVE_MS,
    });
    expect(
      await details.evaluate(() => (window as unknown as { stayedPut?: boolean }).stayedPut),
    ).toBe(true);

    await customerSide.context.close();
    await staffSide.context.close();
  });

  test("staff can cancel after confirming, and the customer's timeline shows the cancellation", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Carl Cancel");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [{ itemId: item!.id }]);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);

    const { context: staffContext, page: board } = await signedInContext(browser, staff);
    await board.goto("/staff");
    const staffCard = board.locator(`article[data-order-id="${order.id}"]`);
    await staffCard.getByRole("button", { name: "More" }).click();
    await staffCard.getByRole("button", { name: "Cancel order" }).click();
    await expect(staffCard).toBeHidden();
    await staffContext.close();

    const { context, page } = await signedInContext(browser, customer);
    await page.goto(`/order/${order.id}`);
    await expect(page.locator(".status-banner")).toHaveText("Order Cancelled");
    const steps = page.getByRole("list", { name: "Order progress" }).getByRole("listitem");
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(1)).toContainText("Order Cancelled");
    await context.close();
  });

  test("My Orders: search, status and type filters, sort, both empty states", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Fiona Filters");
    const { context, page } = await signedInContext(browser, customer);
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Ordering" })).toHaveAttribute(
      "href",
      "/vendors",
    );

    const vendors = (await openVendors(request)).slice(0, 3);
    const placed = [];
    for (const [index, vendor] of vendors.entries()) {
      const [item] = await menuOf(request, vendor.id);
      placed.push({
        vendor,
        item: item!,
        order: await placeCashOrder(request, customer, vendor.id, [
          { itemId: item!.id, quantity: index + 1 },
        ]),
      });
    }
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    await staffMoves(request, staff, placed[0]!.order.id, "confirmed", "preparing");
    await staffMoves(request, staff, placed[1]!.order.id, "cancelled");

    await page.getByRole("button", { name: "Refresh orders" }).click();
    const cards = page.locator("article[data-order-id]");
    await expect(cards).toHaveCount(3);
    await expect(page.getByText(/^Updated (Just now|\d+m ago)$/)).toBeVisible();
    // Newest first by default.
    await expect(cards.first()).toHaveAttribute("data-order-id", String(placed[2]!.order.id));

    const search = page.getByPlaceholder("Search orders, vendors, items...");
    await search.fill(placed[1]!.vendor.name.toUpperCase());
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(placed[1]!.vendor.name);
    await search.fill(placed[0]!.item.name);
    await expect(cards.first()).toHaveAttribute("data-order-id", String(placed[0]!.order.id));
    await search.fill(`#${placed[2]!.order.id}`);
    await expect(cards).toHaveCount(1);
    await search.fill("");

    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Status").selectOption("preparing");
    await expect(cards).toHaveCount(1);
    await expect(cards.first().locator(".status-pill")).toHaveText("Preparing");
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Order type").selectOption("dine_in");
    await expect(page.getByRole("heading", { name: "No orders match your filters" })).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(cards).toHaveCount(3);

    // Sort by date ascending, then by vendor A→Z.
    await page.getByLabel("Direction").selectOption("asc");
    await expect(cards.first()).toHaveAttribute("data-order-id", String(placed[0]!.order.id));
    await page.getByLabel("Sort by").selectOption("vendor");
    const names = await cards.locator("h2").allTextContents();
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })),
    );
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(cards.first()).toHaveAttribute("data-order-id", String(placed[2]!.order.id));
    await context.close();
  });

  test("'Order Again' puts the same items, add-ons and allergy notes back into the cart", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Rory Repeat");
    const [vendor] = await openVendors(request);
    const menu = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [
      { itemId: menu[0]!.id, quantity: 2, withExtra: true, allergy: "No basil" },
      { itemId: menu[1]!.id },
    ]);
    const { context, page } = await signedInContext(browser, customer);
    await page.goto(`/order/${order.id}`);
    await page.getByRole("tab", { name: "Contact" }).click();
    await expect(page.getByRole("link", { name: /\d/ }).first()).toHaveAttribute("href", /^tel:/);
    // The Contact tab keeps its own 'Order Again' (the main view has one too).
    await page.getByRole("tabpanel").getByRole("button", { name: "Order Again" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByText(menu[0]!.name).first()).toBeVisible();
    await expect(page.getByText(menu[1]!.name).first()).toBeVisible();

    const cart = await request.get(`/api/cart?vendorId=${vendor!.id}`, {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    const body = (await cart.json()) as {
      items: {
        menuItemId: number;
        quantity: number;
        allergyInformation: string;
        addons: { addons: { name: string }[] }[];
      }[];
    };
    const first = body.items.find((line) => line.menuItemId === menu[0]!.id)!;
    expect(first.quantity).toBe(2);
    expect(first.allergyInformation).toBe("No basil");
    expect(first.addons.flatMap((group) => group.addons.map((addon) => addon.name)).sort()).toEqual(
      [...order.addons[0]!].sort(),
    );
    expect(body.items.some((line) => line.menuItemId === menu[1]!.id)).toBe(true);
    await context.close();
  });

  test("someone else's order reads 'Order not found'", async ({ browser, request }) => {
    const owner = await apiNewCustomer(request, "Owen Owner");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, owner, vendor!.id, [{ itemId: item!.id }]);
    const stranger = await apiNewCustomer(request, "Sid Stranger");
    const { context, page } = await signedInContext(browser, stranger);
    await page.goto(`/order/${order.id}`);
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    await page.goto("/staff");
    await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
    await context.close();
  });

  test("axe finds no WCAG 2 A/AA violations on /orders, /order/{id} and the staff board", async ({
    browser,
    request,
  }) => {
    // Eleven axe runs over two viewports: 5–20 s each on a busy 2-core machine, so a ceiling well above their sum.
    test.setTimeout(240_000);
    const customer = await apiNewCustomer(request, "Ada Access");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [
      { itemId: item!.id, withExtra: true, allergy: "Peanuts" },
    ]);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    await staffMoves(request, staff, order.id, "confirmed", "preparing");

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const { context, page } = await signedInContext(browser, customer, { viewport });
      await page.goto("/orders");
      await expect(page.locator(`article[data-order-id="${order.id}"]`)).toBeVisible();
      await page.getByRole("button", { name: "Filters" }).click();
      await expectNoViolations(page);

      await page.goto(`/order/${order.id}`);
      await expect(page.locator(".status-banner")).toHaveText("Preparing Order");
      await expectNoViolations(page);
      for (const tab of ["Order Details", "Contact"]) {
        await page.getByRole("tab", { name: tab }).click();
        await expectNoViolations(page);
      }
      await page.goto(`/track-order/${order.id}`);
      await expect(page.getByRole("list", { name: "Order progress" })).toBeVisible();
      await expectNoViolations(page);
      await context.close();
    }

    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 1024, height: 768 },
    });
    await page.goto("/staff");
    // By now the whole run's open orders are on this board (a rush of a hundred or more on a busy machine).
    await expect(page.locator(`article[data-order-id="${order.id}"]`)).toBeVisible({
      timeout: 30_000,
    });
    await expectNoViolations(page);
    await page
      .locator(`article[data-order-id="${order.id}"]`)
      .getByRole("button", { name: "More" })
      .click();
    await expectNoViolations(page);
    await context.close();
  });
});
