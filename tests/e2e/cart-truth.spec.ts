import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";
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
import {
  goOffline,
  type MenuItemSummary,
  savedQueryCache,
  simpleItems,
  waitForControllingWorker,
} from "./pwa-helpers";

/** The cart shows the server's truth, nothing the customer did is lost, nothing goes backwards. */

test.use({ viewport: { width: 390, height: 844 } });

interface Line {
  name: string;
  quantity: number;
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

async function serverCart(
  page: Page,
  token: string,
): Promise<{ lines: Line[]; totalPence: number }> {
  const response = await page.request.get("/api/cart?vendorId=1", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const cart = (await response.json()) as { items: Line[]; totalPence: number };
  return {
    lines: cart.items.map((item) => ({ name: item.name, quantity: item.quantity })),
    totalPence: cart.totalPence,
  };
}

/** The lines the cart page shows (a line mid-render reads as NaN, so a poll tries again). */
function linesOnScreen(page: Page): Promise<Line[]> {
  return page.locator(".cart-line").evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.querySelector(".cart-line__name")?.textContent?.trim() ?? "",
      quantity: Number.parseInt(card.querySelector(".stepper__value")?.textContent ?? "", 10),
    })),
  );
}

async function newCustomer(page: Page): Promise<{ token: string; items: MenuItemSummary[] }> {
  await signUp(page);
  const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
  const items = await simpleItems(page);
  if (items.length < 2) throw new Error("vendor 1 needs two items without required add-ons");
  return { token, items };
}

async function addThroughApi(page: Page, token: string, item: MenuItemSummary): Promise<void> {
  const added = await page.request.post("/api/cart/add", {
    headers: { Authorization: `Bearer ${token}` },
    data: { itemId: item.id, vendorId: 1, quantity: 1 },
  });
  expect(added.status()).toBe(200);
}

test.describe("the cart shows the server's truth", () => {
  test("a change made on another device shows after a reload, within one round trip", async ({
    page,
  }) => {
    const { token, items } = await newCustomer(page);
    const [first, second] = items as [MenuItemSummary, MenuItemSummary];
    await addThroughApi(page, token, first);
    const firstLoad = Date.now();
    await page.goto("/cart");
    await expect.poll(() => linesOnScreen(page)).toEqual([{ name: first.name, quantity: 1 }]);
    // What a load of the cart takes on this machine now: the reload below is given three of them.
    const loadMs = Date.now() - firstLoad;
    // Saved with the query cache, as it was shown.
    await page.waitForTimeout(400);

    // Another device adds an item.
    await addThroughApi(page, token, second);
    const server = await serverCart(page, token);
    expect(server.lines).toHaveLength(2);

    const cartGets: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/cart")
        cartGets.push(request.url());
    });
    await page.reload();
    // The restored copy (one line) may show first; the server's cart replaces it after one GET.
    await expect
      .poll(() => linesOnScreen(page), { timeout: Math.max(3_000, 3 * loadMs) })
      .toEqual(server.lines);
    await expect(page.locator('[data-row="Total"] dd')).toHaveText(pounds(server.totalPence));
    expect(cartGets).toHaveLength(1);
  });

  test("adding and reloading at once never shows a cart the server does not have", async ({
    page,
  }) => {
    const { token, items } = await newCustomer(page);
    const [item] = items as [MenuItemSummary];
    await page.goto("/vendor/1");
    const add = page.getByRole("button", { name: `Add ${item.name}`, exact: true });
    await expect(add).toBeVisible();
    await add.click();
    await page.reload();

    await page.goto("/cart");
    await expect(page.getByText("Sending your changes…")).toBeHidden({ timeout: 10_000 });
    // Whether the add reached the server before the reload or was replayed after it: once, and what is shown.
    await expect
      .poll(async () => (await serverCart(page, token)).lines)
      .toEqual([{ name: item.name, quantity: 1 }]);
    await expect.poll(() => linesOnScreen(page)).toEqual([{ name: item.name, quantity: 1 }]);
    await page.reload();
    await expect.poll(() => linesOnScreen(page)).toEqual([{ name: item.name, quantity: 1 }]);
    expect((await serverCart(page, token)).lines).toEqual([{ name: item.name, quantity: 1 }]);
  });
});

test.describe("nothing the customer did is lost", () => {
  test.use({ serviceWorkers: "allow" });

  test("add offline, switch to Orders (and another tab saves), reload offline, come back: the server has exactly one line", async ({
    page,
    context,
  }) => {
    const { token, items } = await newCustomer(page);
    const [item] = items as [MenuItemSummary];
    await waitForControllingWorker(page);
    // A second tab of the app, open on Orders: it saves its own query cache too.
    const otherTab = await context.newPage();
    await otherTab.goto("/orders");
    await expect(otherTab.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await page.bringToFront();

    await page.goto("/vendor/1");
    await expect(page.getByRole("button", { name: `Add ${item.name}`, exact: true })).toBeVisible();
    await goOffline(context, page);
    await page.getByRole("button", { name: `Add ${item.name}`, exact: true }).click();
    await expect(page.locator(".cart-banner")).toContainText(
      "Saved — it will be sent when you're back online",
    );
    await page.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL("/orders");

    // The other tab refreshes its orders (offline: from the worker) and saves the cache it holds.
    await otherTab.bringToFront();
    await otherTab.getByRole("button", { name: /refresh/i }).click();
    await otherTab.waitForTimeout(500);
    await page.bringToFront();
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await otherTab.reload();
    await otherTab.close();

    await context.setOffline(false);
    await expect
      .poll(async () => (await serverCart(page, token)).lines, { timeout: 15_000 })
      .toEqual([{ name: item.name, quantity: 1 }]);
    await page.goto("/cart");
    await expect.poll(() => linesOnScreen(page)).toEqual([{ name: item.name, quantity: 1 }]);
    // Sent once: a later reload and focus send nothing more.
    await page.reload();
    await expect.poll(() => linesOnScreen(page)).toEqual([{ name: item.name, quantity: 1 }]);
    expect((await serverCart(page, token)).lines).toEqual([{ name: item.name, quantity: 1 }]);
  });
});

test.describe("order status never goes backwards", () => {
  test("offline, an order page that showed 'Preparing' never falls back to the worker's older 'Confirmed'", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Bea Backwards");
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const [vendor] = await openVendors(request);
    const [menuItem] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [{ itemId: menuItem!.id }]);
    await staffMoves(request, staff, order.id, "confirmed");

    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
      serviceWorkers: "allow",
    });
    await page.goto(`/order/${order.id}`);
    await waitForControllingWorker(page);
    // Loaded again through the worker, which keeps this copy ('Confirmed') for offline use.
    const joined = roomJoined(page);
    await page.reload();
    await expect(page.locator(".status-banner")).toHaveText("Order Confirmed");
    await joined;

    await staffMoves(request, staff, order.id, "preparing");
    await expect(page.locator(".status-banner")).toHaveText("Preparing Order", { timeout: 5000 });
    // Saved for offline use (what a reload starts from), not just on screen.
    await expect
      .poll(async () => {
        const queries = (await savedQueryCache(page))?.clientState?.queries ?? [];
        return queries.some((query) => JSON.stringify(query.state.data).includes('"preparing"'));
      })
      .toBe(true);

    await goOffline(context, page);
    // The page is reopened offline: the saved cache shows, the worker answers the refetch with its older copy.
    const refetched = page.waitForResponse((response) =>
      response.url().includes(`/api/orders/details/${order.id}`),
    );
    await page.reload();
    await refetched;
    await expect(page.locator(".status-banner")).toHaveText("Preparing Order");
    // And a focus refetch later changes nothing either.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForTimeout(1000);
    await expect(page.locator(".status-banner")).toHaveText("Preparing Order");
    await context.close();
  });
});
