import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { expectHome, signUp } from "./helpers";

/** WCAG 2.0 A and AA (plus the 2.1 and 2.2 additions), as axe-core checks them. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

test.describe("accessibility (axe, WCAG 2 A and AA)", () => {
  test("/login, also while showing an error", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expectNoViolations(page);

    await page.getByLabel("Email Address").fill("nobody@foodpark.test");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page);
  });

  test("/signup, also while showing an error", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page);
  });

  test("/ and /profile when signed in", async ({ page }) => {
    await signUp(page);
    await expectHome(page, "Ada");
    await expectNoViolations(page);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("/ and /profile on a phone, with the bottom navigation", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      await signUp(page);
      await expectHome(page, "Ada");
      await expectNoViolations(page);

      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
      await expectNoViolations(page);
    } finally {
      await context.close();
    }
  });
});
