import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  STAFF,
  signedInContext,
  staffMoves,
} from "./order-helpers";

/** WCAG 2 A and AA as axe-core checks them. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    })),
  ).toEqual([]);
}

test.describe("each trailer's money and paperwork", () => {
  test("a paid cash order has its trailer's VAT receipt and the park's, printable and shareable; another customer gets 'not found'", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Rita Receipt");
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = (await openVendors(request)).find((vendor) => vendor.name === "Forno & Fuoco")!;
    const limonata = (await menuOf(request, forno.id)).find(
      (item) => item.name === "San Pellegrino Limonata",
    )!;
    const order = await placeCashOrder(request, customer, forno.id, [
      { itemId: limonata.id, quantity: 2 },
    ]);
    await staffMoves(request, staff, order.id, "confirmed");

    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`/order/${order.id}`);
    await page.getByRole("tab", { name: "Order Details" }).click();
    await page.getByRole("link", { name: "Receipts" }).click();
    await expect(page).toHaveURL(`/order/${order.id}/receipts`);
    const own = page.getByRole("article").filter({ hasText: "FORNO-FUOCO-" });
    await expect(own.getByRole("heading", { name: "VAT receipt" })).toBeVisible();
    await expect(own).toContainText("Forno e Fuoco Pizza Ltd");
    await expect(own).toContainText("VAT reg. no. GB337281552");
    await expect(own).toContainText("BS7 8AE");
    await expect(own.getByRole("row", { name: /20% £6\.00 £1\.00 £5\.00/ })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: "PARK-" })).toContainText(
      "Service charge",
    );
    await expectNoAxeViolations(page);
    // No Web Share in this browser: the receipt is downloaded as a file instead.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Share" }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^FORNO-FUOCO-\d{6}\.txt$/);
    const text = fs.readFileSync((await file.path())!, "utf8");
    expect(text).toContain("VAT RECEIPT");
    expect(text).toContain("VAT 20%: £6.00 incl. VAT £1.00");

    await page.getByRole("link", { name: "Open on its own" }).first().click();
    await expect(page).toHaveURL(/\/receipt\/\d+$/);
    const link = page.url();
    await context.close();

    const stranger = await apiNewCustomer(request, "Nosy Neighbour");
    const other = await signedInContext(browser, stranger);
    await other.page.goto(link);
    await expect(other.page.getByRole("heading", { name: "Receipt not found" })).toBeVisible();
    await other.context.close();
  });

  test("the park manager's report shows every trailer and exports the same columns as CSV", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 1180, height: 820 },
    });
    await page.goto("/staff/report");
    const table = page.getByRole("table");
    await expect(table.getByRole("rowheader", { name: "Forno & Fuoco" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Park total" })).toBeVisible();
    await expectNoAxeViolations(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^food-park-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Trailer,Orders,Cancelled,Items,Card takings \(£\),/);
    expect(lines.at(-1)).toMatch(/^Park total,\d+,\d+,\d+,\d+\.\d{2},/);
    await context.close();
  });
});
