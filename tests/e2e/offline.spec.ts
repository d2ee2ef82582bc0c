import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  STAFF,
  signedInPage,
  staffMoves,
} from "./order-helpers";
import {
  goOffline,
  type MenuItemSummary,
  savedQueryCache,
  simpleItems,
  waitForControllingWorker,
} from "./pwa-helpers";

/** The offline cart and orders need the service worker (the shared config blocks it). */
test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

const WAITING = "Waiting for connection — your changes will be sent when you're back online";

interface Line {
  name: string;
  quantity: number;
}

/** A new customer (their own cart: other tests use the demo one) with one plain item from vendor 1 in the cart. */
async function customerWithOneItem(
  page: Page,
): Promise<{ token: string; inCart: MenuItemSummary; other: MenuItemSummary }> {
  await signUp(page);
  const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
  const [inCart, other] = await simpleItems(page);
  if (!inCart || !other) throw new Error("vendor 1 needs two items without required add-ons");
  const added = await page.request.post("/api/cart/add", {
    headers: { Authorization: `Bearer ${token}` },
    data: { itemId: inCart.id, vendorId: 1, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  // The worker controls the page before anything is fetched that should be cached.
  await waitForControllingWorker(page);
  return { token, inCart, other };
}

/** The lines the cart page shows, in order (a line mid-render reads as quantity NaN, so a poll tries again). */
function linesOnScreen(page: Page): Promise<Line[]> {
  return page.locator(".cart-line").evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.querySelector(".cart-line__name")?.textContent?.trim() ?? "",
      quantity: Number.parseInt(card.querySelector(".stepper__value")?.textContent ?? "", 10),
    })),
  );
}

async function serverCart(page: Page, token: string): Promise<Line[]> {
  const response = await page.request.get("/api/cart?vendorId=1", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const cart = (await response.json()) as { items: Line[] };
  return cart.items.map((item) => ({ name: item.name, quantity: item.quantity }));
}

/** How many queued writes the saved query cache holds. */
async function savedQueuedWrites(page: Page): Promise<number> {
  return (await savedQueryCache(page))?.clientState?.mutations?.length ?? 0;
}

test.describe("offline cart", () => {
  test("changes made offline show at once, survive a reload, and reach the server once when the network is back", async ({
    page,
    context,
  }) => {
    const { token, inCart, other } = await customerWithOneItem(page);
    await page.goto("/vendor/1");
    await expect(page.locator(".menu-item__name").filter({ hasText: other.name })).toBeVisible();
    await page.goto("/cart");
    await expect(page.locator(".cart-line__name").filter({ hasText: inCart.name })).toBeVisible();

    // Offline: the cart and a menu seen before are there.
    await goOffline(context, page);
    await page.reload();
    await expect(page.locator(".cart-line__name").filter({ hasText: inCart.name })).toBeVisible();
    await page.goto("/vendor/1");
    await expect(page.locator(".menu-item__name").filter({ hasText: other.name })).toBeVisible();

    // Add an item and step it up: shown at once, no busy state while offline.
    await page.getByRole("button", { name: `Add ${other.name}`, exact: true }).click();
    const banner = page.locator(".cart-banner");
    await expect(banner).toContainText("1 Item Added");
    await expect(banner).toContainText("it will be sent when you're back online");
    await page.getByRole("button", { name: `Increase ${other.name}` }).click();
    await expect(page.getByRole("group", { name: `Quantity of ${other.name}` })).toContainText("2");

    // The badge counts lines: the new item makes two.
    await page.getByRole("link", { name: "Cart, 2 items" }).click();
    await expect(page.getByRole("status").filter({ hasText: WAITING })).toBeVisible();
    await expect(page.getByText("Total updates when you're back online")).toBeVisible();
    const seen = [
      { name: inCart.name, quantity: 1 },
      { name: other.name, quantity: 2 },
    ];
    await expect.poll(() => linesOnScreen(page)).toEqual(seen);

    // A reload while offline keeps the queued changes.
    await expect.poll(() => savedQueuedWrites(page)).toBe(2);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: WAITING })).toBeVisible();
    await expect.poll(() => linesOnScreen(page)).toEqual(seen);

    // Back online: sent in order, once; the server's cart is what the customer saw.
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: WAITING })).toBeHidden();
    await expect(page.getByText("Total updates when you're back online")).toBeHidden();
    await expect.poll(() => serverCart(page, token)).toEqual(seen);
    await expect.poll(() => linesOnScreen(page)).toEqual(seen);
    await expect.poll(() => savedQueuedWrites(page)).toBe(0);
    // Nothing more arrives later (a second resume, a focus): still not doubled.
    await page.reload();
    await expect.poll(() => linesOnScreen(page)).toEqual(seen);
    expect(await serverCart(page, token)).toEqual(seen);
  });
});

test.describe("offline orders", () => {
  test("card payment says it needs a connection; a cash order waits, survives a reload, and is placed exactly once", async ({
    page,
    context,
  }) => {
    const { token, inCart } = await customerWithOneItem(page);
    await page.goto("/cart");
    // No timed claim here: just after sign-in the worker is saving the open trailers' menus ahead, and on a loaded
    // 2-core machine the page it serves can take more than the usual 10 s.
    await expect(page.locator(".cart-line__name").filter({ hasText: inCart.name })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("radio", { name: "No", exact: true }).check();

    await goOffline(context, page);
    await expect(
      page.getByText(
        "Card payment needs a connection. Try again when you're back online, or pay cash at the counter.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Proceed to Payment/ })).toBeDisabled();

    await page.getByRole("radio", { name: /Cash at the counter/ }).check();
    await page.getByRole("button", { name: /^Place Order/ }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Order waiting for connection" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Waiting for connection/ })).toBeDisabled();
    // The cart cannot change under a queued order.
    await expect(page.getByRole("button", { name: `Remove ${inCart.name}` })).toBeDisabled();

    await expect.poll(() => savedQueuedWrites(page)).toBe(1);
    await page.reload();
    await expect(
      page.getByRole("status").filter({ hasText: "Order waiting for connection" }),
    ).toBeVisible();

    await context.setOffline(false);
    await expect(page).toHaveURL("/pay-cash-at-counter");
    await expect(page.getByRole("heading", { name: "Pay cash at counter" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText(inCart.name);

    const orders = (await (
      await page.request.get("/api/orders", { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: number }[] };
    expect(orders.data).toHaveLength(1);
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText(
      `#${orders.data[0]!.id}`,
    );
    expect(await serverCart(page, token)).toEqual([]);
  });
});

test.describe("a phone slow to open its saved cache", () => {
  test("the order page shows the server's status within seconds, and the saved copy arriving later does not take it back", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const customer = await apiNewCustomer(request, "Sam Slowdisk");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [{ itemId: item!.id }]);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await signedInPage(context, customer);
    await page.goto(`/order/${order.id}`);
    const banner = page.locator(".status-banner");
    await expect(banner).toHaveText("Pending Payment");
    // Saved in IndexedDB (a first visit starts saving once its first screen has settled), and the hint that tells
    // the next start to wait for it.
    await expect
      .poll(
        async () =>
          JSON.stringify((await savedQueryCache(page))?.clientState?.queries ?? []).includes(
            `"pending_payment"`,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("foodpark-query-cache-saved"))).toBe(
      "indexeddb",
    );
    await page.close();
    await staffMoves(
      request,
      await apiLogin(request, STAFF.email, STAFF.password),
      order.id,
      "confirmed",
    );

    // From now on every IndexedDB open answers only when the test lets it (a loaded phone; some web views take
    // seconds), and at the latest after 60 s.
    await context.addInitScript(() => {
      const open = IDBFactory.prototype.open;
      const slow = window as unknown as { slowOpensAnswered: number; answerSlowOpens: () => void };
      slow.slowOpensAnswered = 0;
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
        setTimeout(resolve, 60_000);
      });
      slow.answerSlowOpens = () => answer();
      IDBFactory.prototype.open = function (this: IDBFactory, ...args: [string, number?]) {
        const request = open.apply(this, args);
        let onSuccess: ((event: Event) => void) | null = null;
        Object.defineProperty(request, "onsuccess", {
          get: () => onSuccess,
          set: (handler: ((event: Event) => void) | null) => {
            onSuccess = handler;
          },
        });
        request.addEventListener("success", (event) =>
          answered.then(() => {
            slow.slowOpensAnswered += 1;
            onSuccess?.call(request, event);
          }),
        );
        return request;
      };
    });
    const slowPage = await context.newPage();
    await slowPage.goto(`/order/${order.id}`);
    // The server's answer, while the saved cache is still unread.
    await expect(slowPage.locator(".status-banner")).toHaveText("Order Confirmed", {
      timeout: 15_000,
    });
    expect(
      await slowPage.evaluate(
        () => (window as unknown as { slowOpensAnswered: number }).slowOpensAnswered,
      ),
    ).toBe(0);
    // The saved copy (still "Pending Payment") arrives once both opens have answered: the newer status stays.
    await slowPage.evaluate(() =>
      (window as unknown as { answerSlowOpens: () => void }).answerSlowOpens(),
    );
    await expect
      .poll(() =>
        slowPage.evaluate(
          () => (window as unknown as { slowOpensAnswered: number }).slowOpensAnswered,
        ),
      )
      .toBeGreaterThanOrEqual(2);
    await slowPage.waitForTimeout(1_000);
    await expect(slowPage.locator(".status-banner")).toHaveText("Order Confirmed");
    await context.close();
  });
});
