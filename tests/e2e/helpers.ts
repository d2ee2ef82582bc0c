import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const DEMO = {
  email: "demo@foodpark.test",
  password: "demo-password",
  name: "Demo Customer",
} as const;

export interface NewCustomer {
  name: string;
  email: string;
  password: string;
}

export function newCustomer(name = "Ada Lovelace"): NewCustomer {
  return {
    name,
    email: `e2e-${Date.now()}-${randomBytes(3).toString("hex")}@foodpark.test`,
    password: "analytical-engine",
  };
}

/** Signs up through the form and waits for the home page. */
export async function signUp(
  page: Page,
  customer: NewCustomer = newCustomer(),
): Promise<NewCustomer> {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(customer.name);
  await page.getByLabel("Email Address").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByLabel("Confirm Password").fill(customer.password);
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
  return customer;
}

/** Signs in through the form and waits for the home page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
}

/** The signed-in home page has rendered (not just the route). */
export async function expectHome(page: Page, firstName: string): Promise<void> {
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `${firstName}! What are you craving?`,
  );
}
