import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";
import { apiToken } from "./pwa-helpers";
import { shellAndAppPictures } from "./shell-helpers";

const STAFF = { email: "staff@foodpark.test", password: "staff-password" };
// A trailer no other end-to-end test buys from: pausing it or selling out its drink cannot fail a test running beside.
const ITEM = "Dandelion & Burdock";
const TRAILER = "The Codfather";

async function trailerId(page: Page): Promise<number> {
  const list = (await (await page.request.get("/api/vendors/list")).json()) as {
    data: { id: number; name: string }[];
  };
  return list.data.find((vendor) => vendor.name === TRAILER)!.id;
}

async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/staff/trailers");
  await expect(page.getByRole("heading", { name: "Trailers", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`^${TRAILER}`) }).click();
  await expect(page.getByRole("heading", { name: TRAILER, level: 2 })).toBeVisible();
  return page;
}

/** The item's own row on the staff view (not an add-on of the same name). */
const staffItemRow = (page: Page) =>
  page.locator(".trailer-items > li > .trailer-item__row").filter({ hasText: ITEM });

const menuRow = (page: Page) => page.locator("li.menu-item").filter({ hasText: ITEM });

test.describe("park operations", () => {
  test("staff marks an item sold out: the customer's open menu and cart show it within 2 s, checkout is refused; back on works", async ({
    browser,
    page,
  }) => {
    await signUp(page);
    const vendorId = await trailerId(page);
    await page.goto(`/vendor/${vendorId}`);
    await page.getByRole("button", { name: `Add ${ITEM}`, exact: true }).click();
    await expect(menuRow(page).getByRole("button", { name: `Increase ${ITEM}` })).toBeVisible();

    const staff = await staffPage(browser);
    await staff.getByLabel("Find an item").fill("Dandelion");
    const mark = staffItemRow(staff).getByRole("button", { name: `Mark ${ITEM} sold out` });
    await mark.click();
    const markedAt = Date.now();
    await expect(
      staffItemRow(staff).getByRole("button", { name: `Back on: ${ITEM}` }),
    ).toBeVisible();

    // The customer's open menu, without reloading.
    await expect(menuRow(page).getByText("Sold out", { exact: true })).toBeVisible({
      timeout: 2_000,
    });
    expect(Date.now() - markedAt).toBeLessThan(2_000);
    await expect(menuRow(page).getByRole("button", { name: `Add ${ITEM}` })).toHaveCount(0);
    await expect(menuRow(page).getByRole("button", { name: `Increase ${ITEM}` })).toHaveCount(0);

    // The cart line is flagged with one-tap Remove, and paying is refused with the reason.
    await page.goto("/cart");
    await expect(
      page.locator(".cart-line").filter({ hasText: ITEM }).getByText("Sold out"),
    ).toBeVisible();
    const refused = await page.evaluate(async (vendorId) => {
      const token = localStorage.getItem("authToken") ?? "";
      const response = await fetch("/api/orders", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          vendorId,
          orderType: "takeaway",
          items: [],
          paymentMethod: "cash_at_counter",
        }),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    }, vendorId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(ITEM);

    // Back on: addable again without a reload.
    await page.goto(`/vendor/${vendorId}`);
    await expect(menuRow(page).getByText("Sold out", { exact: true })).toBeVisible();
    await staffItemRow(staff)
      .getByRole("button", { name: `Back on: ${ITEM}` })
      .click();
    await expect(menuRow(page).getByText("Sold out", { exact: true })).toHaveCount(0, {
      timeout: 2_000,
    });
    await expect(menuRow(page).getByRole("button", { name: `Increase ${ITEM}` })).toBeVisible();

    // The change is on record.
    await expect(staff.locator(".audit-list")).toContainText(`${ITEM} back on`);
    await staff.context().close();
  });

  test("pausing a trailer shows it not open on the customer's Trailers list", async ({
    browser,
    page,
  }) => {
    await signUp(page);
    await page.goto("/vendors");
    const card = page.locator(".vendor-card").filter({ hasText: TRAILER });
    await expect(card.getByText("Open Now")).toBeVisible();

    const staff = await staffPage(browser);
    await staff.getByRole("button", { name: "Pause 30 min" }).click();
    await expect(staff.getByTestId("trailer-state")).toHaveText("Busy");
    await expect(staff.getByTestId("trailer-status-line")).toHaveText(/^back at \d\d:\d\d$/);

    await expect(card.getByText("Closed")).toBeVisible({ timeout: 2_000 });
    await expect(card.getByText(/^Busy — back at \d\d:\d\d$/)).toBeVisible();
    await expect(card.getByText("Open Now")).toHaveCount(0);

    await staff.getByRole("button", { name: "Open", exact: true }).click();
    await expect(card.getByText("Open Now")).toBeVisible({ timeout: 2_000 });
    await staff.context().close();
  });
  // The second trailer of the list: its line would push the third card down, had the shell not kept its room.
  test("a paused trailer's line has its room from the first paint: the pictures below it stay put when the app takes over", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const login = await page.request.post("/auth/login", { data: STAFF });
    const staff = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const list = (await (await page.request.get("/api/vendors/list?status=active")).json()) as {
      data: { id: number }[];
    };
    const second = list.data[1]!.id;
    const setStatus = (data: object) =>
      page.request.patch(`/api/staff/trailers/${second}`, { headers: staff, data });
    expect((await setStatus({ status: "paused", pauseMinutes: 15 })).status()).toBe(200);
    try {
      const { shell, app } = await shellAndAppPictures(page, await apiToken(page));
      await expect(page.locator(".vendor-card").nth(1).getByTestId("trading-line")).toHaveText(
        /^Busy — back at \d\d:\d\d$/,
      );
      expect(shell).toHaveLength(3);
      expect(app).toEqual(shell);
    } finally {
      await setStatus({ status: "open" });
    }
  });
});
