import { expect, test } from "@playwright/test";
for (const [w, h] of [[390, 844], [820, 1180], [1280, 800]] as const) {
  test(`shot ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/login");
    await page.getByLabel("Email Address").fill("staff@foodpark.test");
    await page.getByLabel("Password").fill("staff-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto("/staff/trailers");
    await expect(page.getByRole("heading", { name: "Trailers", level: 1 })).toBeVisible();
    await expect(page.locator(".audit-list, .trailer-hint").first()).toBeVisible();
    await page.screenshot({ path: `/tmp/ops-trailers-${w}.png` });
    await page.getByLabel("Find an item").fill("Limonata");
    await page.screenshot({ path: `/tmp/ops-trailers-${w}-full.png`, fullPage: true });
  });
}
