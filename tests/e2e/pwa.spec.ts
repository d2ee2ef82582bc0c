import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO, expectHome, signIn, signUp } from "./helpers";
import { addSimpleItemToCart, apiToken, goOffline, waitForControllingWorker } from "./pwa-helpers";

/** These tests are about the service worker: let it run (the shared config blocks it). */
test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

test.describe("installable", () => {
  test("Chromium reports no installability errors", async ({ playwright, baseURL }, testInfo) => {
    // Playwright's usual contexts are incognito, where Chromium never offers installation: use a profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-install-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      serviceWorkers: "allow",
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/login");
      await waitForControllingWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test("the manifest names the app, has 192 and 512 icons (one maskable), colours, standalone display, start URL and scope", async ({
    page,
  }) => {
    await page.goto("/login");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.headers()["content-type"]).toContain("manifest+json");
    const manifest = await response.json();

    expect(manifest).toMatchObject({
      name: "Food Park",
      short_name: "Food Park",
      display: "standalone",
      start_url: "/",
      scope: "/",
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.some((icon) => icon.sizes === "192x192")).toBe(true);
    expect(icons.some((icon) => icon.sizes === "512x512")).toBe(true);
    expect(icons.some((icon) => icon.purpose?.includes("maskable"))).toBe(true);
    for (const icon of icons)
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  });
});

test.describe("offline", () => {
  test("the worker activates and controls the page; signed-in pages reload offline from its caches", async ({
    page,
    context,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await waitForControllingWorker(page);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: DEMO.name })).toBeVisible();

    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole("heading", { name: DEMO.name })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "You're offline — showing saved data" }),
    ).toBeVisible();

    await page.goto("/");
    await expectHome(page, "Demo");

    await context.setOffline(false);
    await expect(page.getByText("You're offline — showing saved data")).toBeHidden();
  });

  test("the trailer list and a menu seen before open offline, pictures included", async ({
    page,
    context,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await waitForControllingWorker(page);
    await page.goto("/vendors");
    const firstCard = page.locator(".vendor-card__name").first();
    await expect(firstCard).toBeVisible();
    const vendorName = (await firstCard.textContent())!.trim();
    await firstCard.click();
    await expect(page).toHaveURL(/\/vendor\/\d+$/);
    const menuPath = new URL(page.url()).pathname;
    const itemName = (await page.locator(".menu-item__name").first().textContent())!.trim();
    const picture = page.locator(".menu-item img").first();
    const pictureLoaded = () =>
      picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
    await expect.poll(pictureLoaded).toBe(true);

    await goOffline(context, page);
    await page.goto("/vendors");
    await expect(page.locator(".vendor-card__name").filter({ hasText: vendorName })).toBeVisible();
    await page.goto(menuPath);
    await expect(page.locator(".menu-item__name").filter({ hasText: itemName })).toBeVisible();
    await expect.poll(pictureLoaded).toBe(true);
  });

  test("the cart reloads offline from the saved copy", async ({ page, context }) => {
    // A customer of its own: other tests may use the demo customer's cart at the same time.
    await signUp(page);
    const token = (await page.evaluate(() => localStorage.getItem("authToken")))!;
    const item = await addSimpleItemToCart(page, token);
    await waitForControllingWorker(page);
    await page.goto("/cart");
    await expect(page.locator(".cart-line__name").filter({ hasText: item.name })).toBeVisible();

    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
    await expect(page.locator(".cart-line__name").filter({ hasText: item.name })).toBeVisible();
  });

  test("the API, auth and socket paths never get the cached shell", async ({ page, context }) => {
    await page.goto("/login");
    await waitForControllingWorker(page);
    await goOffline(context, page);
    for (const path of ["/api/orders", "/auth/me", "/healthz"]) {
      const failed = await page.evaluate(
        (url) =>
          fetch(url).then(
            () => false,
            () => true,
          ),
        path,
      );
      expect(failed, path).toBe(true);
    }
  });
});

test.describe("web push", () => {
  const payload = {
    type: "order-status",
    orderId: 25,
    status: "ready",
    vendorName: "Smokey Joe's BBQ",
    title: "Smokey Joe's BBQ · Order #25",
    body: "Ready for Pickup",
    url: "/order/25",
  };

  async function registeredWorker(page: Page, context: BrowserContext) {
    await context.grantPermissions(["notifications"]);
    await page.goto("/login");
    await waitForControllingWorker(page);
    // Read while the page is still on the app: CDP's registration events may arrive after the page has left it.
    const origin = new URL(page.url()).origin;
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find(
          (registration) => !registration.isDeleted && registration.scopeURL.startsWith(origin),
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const notifications = () =>
      worker.evaluate(async () =>
        (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map(
          (notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            icon: notification.icon,
            data: notification.data,
          }),
        ),
      );
    const deliver = async (data: unknown) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: await registrationId,
        data: JSON.stringify(data),
      });
    /** The app's windows as the worker sees them (what its push handler asks before showing a notification). */
    const visibleWindows = () =>
      worker.evaluate(async () =>
        (
          await (self as unknown as ServiceWorkerGlobalScope).clients.matchAll({
            type: "window",
            includeUncontrolled: true,
          })
        )
          .filter((client) => (client as WindowClient).visibilityState === "visible")
          .map((client) => client.url),
      );
    /**
     * Delivers a push until the worker shows it (up to three times). A push that lands while the worker still counts
     * the page just left as a visible window is rightly left to the in-app toast; on a loaded machine the browser's
     * client list can lag the poll above by a moment. A push that is never shown still fails.
     */
    const deliverUntilShown = async (data: unknown, shown: number) => {
      for (let attempt = 1; ; attempt += 1) {
        await deliver(data);
        try {
          await expect.poll(notifications, { timeout: 5_000 }).toHaveLength(shown);
          return;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    return { deliver, deliverUntilShown, notifications, visibleWindows };
  }

  test("with no app window visible, a push becomes a system notification: vendor in the title, status text, one tag per order", async ({
    page,
    context,
  }) => {
    const { deliver, deliverUntilShown, notifications, visibleWindows } = await registeredWorker(
      page,
      context,
    );
    // Leave the app: no window of it is open, as when the phone is in a pocket. The browser removes the page it
    // left from its clients asynchronously; while the worker still counts it as a visible window it rightly leaves
    // the alert to the in-app toast, so the push waits until the worker sees none.
    await page.goto("about:blank");
    await expect.poll(visibleWindows).toEqual([]);

    await deliverUntilShown({ ...payload, status: "preparing", body: "Preparing Order" }, 1);
    await deliver(payload);

    // The newer status replaced the older notification for the same order.
    await expect.poll(notifications).toEqual([
      {
        title: "Smokey Joe's BBQ · Order #25",
        body: "Ready for Pickup",
        tag: "order-25",
        icon: expect.stringContaining("/icons/icon-192.png"),
        data: { url: "/order/25", orderId: 25 },
      },
    ]);
  });

  test("a push shown in the pocket is reported with its notice token: that order and status, via push", async ({
    page,
    context,
  }) => {
    const { deliverUntilShown, visibleWindows } = await registeredWorker(page, context);
    const reported = new Promise<{ url: string; auth: string | null; body: unknown }>((resolve) => {
      void context.route("**/api/orders/*/notice-shown", async (route) => {
        const request = route.request();
        resolve({
          url: new URL(request.url()).pathname,
          auth: await request.headerValue("authorization"),
          body: request.postDataJSON(),
        });
        await route.fulfill({ status: 200, json: { recorded: true } });
      });
    });
    await page.goto("about:blank");
    await expect.poll(visibleWindows).toEqual([]);

    await deliverUntilShown(
      { ...payload, orderId: 27, url: "/order/27", noticeToken: "fpnotice.27.ready.test" },
      1,
    );
    expect(await reported).toEqual({
      url: "/api/orders/27/notice-shown",
      auth: "Bearer fpnotice.27.ready.test",
      body: { status: "ready", via: "push" },
    });
  });

  test("while a window of the app is visible, the in-app toast is enough: no system notification", async ({
    page,
    context,
  }) => {
    const { deliver, notifications } = await registeredWorker(page, context);
    expect(await page.evaluate(() => document.visibilityState)).toBe("visible");

    await deliver({ ...payload, orderId: 26, url: "/order/26" });
    await page.waitForTimeout(1000);

    expect(await notifications()).toEqual([]);
  });
});

test.describe("Android web view", () => {
  test("a ?token= in the address signs in and disappears from the address", async ({ page }) => {
    const token = await apiToken(page);
    await page.goto(`/profile?token=${encodeURIComponent(token)}`);

    await expect(page.getByRole("heading", { name: DEMO.name })).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBe(token);
  });

  test("errors are forwarded to the host app's bridge", async ({ page }) => {
    await page.addInitScript(() => {
      const forwarded: { errors: string[]; logs: string[] } = { errors: [], logs: [] };
      Object.assign(window, {
        forwarded,
        FoodParkAndroid: {
          log: (level: string, message: string) => forwarded.logs.push(`${level}: ${message}`),
          onError: (message: string) => forwarded.errors.push(message),
        },
      });
    });
    await page.goto("/test-auto-login?token=not-a-real-token");
    await expect(page.getByRole("alert")).toContainText("not valid");

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("Something broke in the page");
      });
    });

    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { forwarded: { errors: string[] } }).forwarded.errors,
        ),
      )
      .toEqual([
        expect.stringContaining("Test auto-login"),
        // What the screen then shows is forwarded too (every error the customer sees).
        expect.stringContaining(
          "shown on /test-auto-login: This test token is expired or not valid.",
        ),
        expect.stringContaining("Something broke in the page"),
      ]);
  });
});

test.describe("test pages", () => {
  test("/test-auto-login signs in with a valid token, then goes to / after 2 s", async ({
    page,
  }) => {
    const token = await apiToken(page);
    await page.goto(`/test-auto-login?token=${encodeURIComponent(token)}`);

    await expect(page.getByText(`Signed in as ${DEMO.name}`)).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    await expect(page).toHaveURL("/", { timeout: 5000 });
    await expectHome(page, "Demo");
  });

  test("/test-auto-login without a token says so and links to manual sign-in", async ({ page }) => {
    await page.goto("/test-auto-login");

    await expect(page.getByRole("alert")).toContainText("No test token");
    await page.getByRole("link", { name: "Sign in manually" }).click();
    await expect(page).toHaveURL("/login");
  });

  test("/test-notification fires sample order-status, success and error notifications", async ({
    page,
  }) => {
    await page.goto("/test-notification");

    await page.getByRole("button", { name: "Ready for pickup" }).click();
    const toasts = page.getByRole("region", { name: "Notifications", exact: true });
    await expect(toasts).toContainText("Smokey Joe's BBQ · Order #25");
    await expect(toasts).toContainText("Your order from Smokey Joe's BBQ is ready for pickup.");

    await page.getByRole("button", { name: "Cancelled" }).click();
    await expect(toasts).toContainText("Your order from Smokey Joe's BBQ has been cancelled.");
    await page.getByRole("button", { name: "Error" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to add item to cart" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Success" }).click();
    await expect(toasts).toContainText("Item added to cart successfully");
  });
});
