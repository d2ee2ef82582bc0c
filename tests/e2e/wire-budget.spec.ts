import { expect, type Page, type Request, test } from "@playwright/test";
import { DEMO } from "./helpers";

/**
 * The JavaScript Chromium downloads to render /login and /vendors cold, measured on the wire
 * (encoded body bytes, `request.sizes()`), against the budgets. "To render" is every script requested before the
 * route's content entered the page; what loads after it (service worker registration, the live feed's socket,
 * push sync) is allowed, and must not come before.
 */
const BUDGETS = [
  { route: "/login", ready: "#login-email", signedIn: false, budgetKb: 100 },
  { route: "/vendors", ready: ".vendor-card__name", signedIn: true, budgetKb: 110 },
];
/** Chunks that must stay off these routes' first render. */
const NOT_BEFORE_RENDER = [
  /\/socket-client-[\w-]+\.js$/,
  /\/register-sw-[\w-]+\.js$/,
  /\/StaffBoardRoute-[\w-]+\.js$/,
];

test.use({ viewport: { width: 390, height: 844 } });

interface WireFile {
  path: string;
  encoding: string;
  bytes: number;
  beforeRender: boolean;
}

async function coldVisit(page: Page, url: string, ready: string): Promise<WireFile[]> {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  // When the route's content enters the DOM, on the page's clock (epoch ms, as request timings are).
  await page.addInitScript((selector) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      (window as unknown as { readyAt: number }).readyAt =
        performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, ready);
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  const readyAt = await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt);
  await page.waitForLoadState("networkidle");

  const files: WireFile[] = [];
  for (const request of requests.filter((candidate) => candidate.resourceType() === "script")) {
    const response = await request.response();
    if (!response) continue;
    files.push({
      path: new URL(request.url()).pathname,
      encoding: (await response.allHeaders())["content-encoding"] ?? "identity",
      bytes: (await request.sizes()).responseBodySize,
      beforeRender: request.timing().startTime <= readyAt,
    });
  }
  return files;
}

for (const { route, ready, signedIn, budgetKb } of BUDGETS) {
  test(`the JavaScript to render ${route} cold is at most ${budgetKb} KB on the wire`, async ({
    page,
    request,
  }) => {
    let url = route;
    if (signedIn) {
      const login = await request.post("/auth/login", {
        data: { email: DEMO.email, password: DEMO.password },
      });
      expect(login.status()).toBe(200);
      url = `${route}?token=${encodeURIComponent((await login.json()).token)}`;
    }

    const files = await coldVisit(page, url, ready);
    const critical = files.filter((file) => file.beforeRender);
    const kb = critical.reduce((sum, file) => sum + file.bytes, 0) / 1024;
    const listing = critical
      .map((file) => `${file.path} ${file.bytes} B ${file.encoding}`)
      .join("\n");

    expect(critical.length, "scripts before the first render").toBeGreaterThan(0);
    // Large files come compressed (Chromium accepts brotli); a tiny one may go plain when that is smaller.
    for (const file of critical.filter((candidate) => candidate.bytes > 1024)) {
      expect(file.encoding, file.path).toBe("br");
    }
    expect(kb, `${route}: ${kb.toFixed(1)} KB\n${listing}`).toBeLessThanOrEqual(budgetKb);
    for (const pattern of NOT_BEFORE_RENDER) {
      expect(
        critical.map((file) => file.path).filter((path) => pattern.test(path)),
        listing,
      ).toEqual([]);
    }
  });
}
