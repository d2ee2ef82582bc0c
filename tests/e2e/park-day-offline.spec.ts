/** Offline with a basket of two trailers: the whole basket stays on screen, and what cannot wait is said first. */
import { expect, test } from "@playwright/test";
import { signUp } from "./helpers";
import { goOffline, savedQueryCache, waitForControllingWorker } from "./pwa-helpers";

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

test("offline, a two-trailer basket shows both trailers and says before placing that it cannot be sent until online", async ({
  page,
  context,
}) => {
  await signUp(page);
  const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
  const headers = { Authorization: `Bearer ${token}` };
  const vendors = (
    (await (await page.request.get("/api/vendors/list?limit=20&status=active")).json()) as {
      data: { id: number; name: string }[];
    }
  ).data;
  // Two trailers the other park-day tests leave alone (they pause, close and re-hour Forno and Smash Stack).
  const names = vendors
    .map((vendor) => vendor.name)
    .filter((name) => name !== "Forno & Fuoco" && name !== "Smash Stack")
    .slice(0, 2);
  const items: { vendorId: number; name: string }[] = [];
  for (const name of names) {
    const vendor = vendors.find((entry) => entry.name === name)!;
    const menu = (await (await page.request.get(`/api/vendors/${vendor.id}/items`)).json()) as {
      items: { items: { id: string; available: boolean; has_required_addongroups: boolean }[] }[];
    };
    const item = menu.items
      .flatMap((group) => group.items)
      .find((entry) => entry.available && !entry.has_required_addongroups)! as unknown as {
      id: string;
      name: string;
    };
    items.push({ vendorId: vendor.id, name: item.name });
  }
  // Online: the first trailer's item is in the cart; the second trailer's menu has been looked at.
  const first = items[0]!;
  const firstMenu = (await (
    await page.request.get(`/api/vendors/${first.vendorId}/items`)
  ).json()) as {
    items: { items: { id: string; name: string }[] }[];
  };
  const firstId = firstMenu.items
    .flatMap((group) => group.items)
    .find((entry) => entry.name === first.name)!.id;
  const added = await page.request.post("/api/cart/add", {
    headers,
    data: { itemId: Number(firstId.replace("item_", "")), vendorId: first.vendorId, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  await waitForControllingWorker(page);
  await page.goto("/cart");
  await expect(page.locator(".cart-line__name").filter({ hasText: first.name })).toBeVisible();
  const second = items[1]!;
  await page.goto(`/vendor/${second.vendorId}`);
  await expect(page.getByRole("button", { name: `Add ${second.name}` })).toBeVisible();

  // Offline: the second trailer's item is added (queued); the cart shows both trailers.
  await goOffline(context, page);
  await page.getByRole("button", { name: `Add ${second.name}` }).click();
  // The queued add is saved with the query cache before the page is loaded again (saves are batched, and this
  // test loads pages by address where a customer would tap the cart inside the app).
  await expect
    .poll(async () => (await savedQueryCache(page))?.clientState?.mutations?.length ?? 0)
    .toBeGreaterThan(0);
  await page.goto("/cart");
  for (const name of names) await expect(page.getByRole("region", { name })).toBeVisible();
  await page.reload();
  for (const name of names) await expect(page.getByRole("region", { name })).toBeVisible();
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await page.getByRole("radio", { name: /Cash at the counter/ }).check();
  const pay = page.getByRole("button", { name: /^(Place Order|Proceed to Payment)/ });
  await expect(pay).toBeDisabled();
  await expect(page.locator(".checkout-bar__hint")).toHaveText(
    `You're offline: an order from ${names[0]} and ${names[1]} can't wait for the connection (only one trailer's order can). Place it when you're back online, or remove one trailer's items to send the other's now.`,
  );
  await page.screenshot({ path: "test-results/park-day-offline-basket.png" });
});
