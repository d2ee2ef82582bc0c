import { expect, test } from "@playwright/test";
import { DEMO, expectHome, newCustomer, signIn, signUp } from "./helpers";

test.describe("signing up, in and out", () => {
  test("a new customer signs up, sees 'Customer' on the profile and signs out", async ({
    page,
  }) => {
    const customer = await signUp(page, newCustomer("Ada Lovelace"));
    await expectHome(page, "Ada");

    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
    await expect(page.getByText("Customer", { exact: true })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await expect(page.getByText("Not provided")).toBeVisible();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem("authToken"),
        localStorage.getItem("user"),
        localStorage.getItem("tokenData"),
      ]),
    ).toEqual([null, null, null]);

    await page.goto("/profile");
    await expect(page).toHaveURL("/login");
  });

  test("the new account can sign in again after signing out", async ({ page }) => {
    const customer = await signUp(page);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");

    await signIn(page, customer.email, customer.password);
    await expectHome(page, "Ada");
  });

  test("the demo customer signs in and sees the profile from the server", async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expectHome(page, "Demo");

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: DEMO.name })).toBeVisible();
    await expect(page.getByText("Customer", { exact: true })).toBeVisible();
    await expect(page.getByText("07700 900001")).toBeVisible();
  });

  test("a wrong password shows the server's message in the red box", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email Address").fill(DEMO.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("signing up with an email already in use shows the server's message", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Copy Cat");
    await page.getByLabel("Email Address").fill(DEMO.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("a-long-password");
    await page.getByLabel("Confirm Password").fill("a-long-password");
    await page.getByLabel("I accept the terms and conditions").check();
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("alert")).toHaveText("An account with this email already exists");
    await expect(page).toHaveURL("/signup");
  });

  test("the signup form checks its rules before calling the server", async ({ page }) => {
    await page.goto("/signup");
    const submit = page.getByRole("button", { name: "Create Account" });
    const alert = page.getByRole("alert");

    await submit.click();
    await expect(alert).toHaveText("All fields are required");

    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email Address").fill("ada@foodpark.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("shorter");
    await submit.click();
    await expect(alert).toHaveText("Passwords do not match");

    await page.getByLabel("Confirm Password").fill("short");
    await submit.click();
    await expect(alert).toHaveText("Password must be at least 8 characters long");

    await page.getByLabel("Password", { exact: true }).fill("long-enough");
    await page.getByLabel("Confirm Password").fill("long-enough");
    await submit.click();
    await expect(alert).toHaveText("You must accept the terms and conditions");
  });
});

test.describe("route guards", () => {
  test("signed out: protected pages go to /login, unknown paths too", async ({ page }) => {
    for (const path of ["/", "/profile", "/no/such/page"]) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL("/login");
    }
    await page.goto("/signup");
    await expect(page).toHaveURL("/signup");
  });

  test("signed in: /login and /signup go to /, unknown paths go to /", async ({ page }) => {
    await signUp(page);

    for (const path of ["/login", "/signup", "/no/such/page"]) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL("/");
    }
    await page.goto("/profile");
    await expect(page).toHaveURL("/profile");
  });

  test("a token handed over in the address signs in and leaves the address", async ({
    page,
    request,
  }) => {
    const login = await request.post("/auth/login", {
      data: { email: DEMO.email, password: DEMO.password },
    });
    const { token } = (await login.json()) as { token: string };

    await page.goto(`/profile?token=${encodeURIComponent(token)}`);

    await expect(page.getByRole("heading", { name: DEMO.name })).toBeVisible();
    await expect(page).toHaveURL("/profile");
  });
});

test.describe("several tabs", () => {
  test("signing out in one tab signs the other tab out", async ({ context }) => {
    const first = await context.newPage();
    await signUp(first, newCustomer("Grace Hopper"));
    const second = await context.newPage();
    await second.goto("/profile");
    await expect(second.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();

    await first.goto("/profile");
    await first.getByRole("button", { name: "Sign Out" }).click();
    await expect(first).toHaveURL("/login");

    // No reload in the second tab: it hears the storage event.
    await expect(second).toHaveURL("/login");
    await expect(second.getByRole("heading", { name: "Grace Hopper" })).toHaveCount(0);
  });

  test("signing in in one tab signs the other tab in", async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await second.goto("/login");
    await expect(second.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

    await signIn(first, DEMO.email, DEMO.password);

    await expect(second).toHaveURL("/");
  });
});

test.describe("sign-in under attack", () => {
  test("a browser that signed in before still gets in while the account is locked for everyone else", async ({
    page,
    context,
    browser,
    request,
  }) => {
    const customer = await signUp(page, newCustomer("Grace Hopper"));
    const device = (await context.cookies()).find((cookie) => cookie.name.startsWith("fp_device_"));
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/auth/login" });
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");

    // Someone else guesses the password until the account is locked.
    for (let guess = 0; guess < 11; guess++) {
      await request.post("/auth/login", {
        data: { email: customer.email, password: `guess-${guess}` },
      });
    }

    // A new device, even with the right password, is told to wait.
    const elsewhere = await browser.newContext();
    const newPage = await elsewhere.newPage();
    await newPage.goto("/login");
    await newPage.getByLabel("Email Address").fill(customer.email);
    await newPage.getByLabel("Password").fill(customer.password);
    await newPage.getByRole("button", { name: "Sign In" }).click();
    await expect(newPage.getByRole("alert")).toContainText(
      "Too many failed sign-in attempts for this account.",
    );
    await elsewhere.close();

    // The customer's own browser gets in.
    await signIn(page, customer.email, customer.password);
    await expectHome(page, "Grace");
  });
});
