import { expect, type Page, test } from "@playwright/test";
import { apiToken } from "./pwa-helpers";
import { shellAndAppPictures } from "./shell-helpers";

/** The PWA shell as the production server serves it: SPA fallback, cache headers, JSON 404s. */
test.describe("serving the app shell", () => {
  test("a client-side route is answered with index.html, never cached", async ({ request }) => {
    const response = await request.get("/some/client/route");

    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    const html = await response.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("<title>Food Park</title>");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  test("index.html, the service worker and the manifest are revalidated on every load", async ({
    request,
  }) => {
    for (const path of ["/", "/index.html", "/sw.js", "/manifest.webmanifest"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("no-cache");
    }
  });

  test("hashed assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);

    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe(
        "public, max-age=31536000, immutable",
      );
    }
  });

  test("a missing file is a 404, not the app shell", async ({ request }) => {
    const response = await request.get("/assets/no-such-file-abc123.js");

    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  test("unknown API paths answer 404 JSON with a message", async ({ request }) => {
    for (const path of ["/api/unknown", "/api/unknown/deeper?x=1", "/auth/unknown"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toContain("application/json");
      expect(await response.json(), path).toEqual({ message: expect.any(String) });
    }
  });

  test("the health check answers ok", async ({ request }) => {
    const response = await request.get("/healthz");

    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("pages carry security headers", async ({ request }) => {
    const headers = (await request.get("/login")).headers();

    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
  test("the shell and assets go out precompressed, and plain to a client that accepts no encoding", async ({
    request,
  }) => {
    const html = await (
      await request.get("/", { headers: { "accept-encoding": "identity" } })
    ).text();
    const script = html.match(/"(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    for (const path of ["/vendors", script!, "/sw.js", "/manifest.webmanifest"]) {
      const compressed = await request.get(path, {
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(compressed.headers()["content-encoding"], path).toBe("br");
      expect(compressed.headers().vary, path).toContain("accept-encoding");
      const plain = await request.get(path, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers()["content-encoding"], path).toBeUndefined();
      expect(await compressed.text(), path).toBe(await plain.text());
    }
  });

  test("sign-in pages get the sign-in shell, every other page the signed-in one", async ({
    request,
  }) => {
    for (const path of ["/login", "/signup"]) {
      expect(await (await request.get(path)).text(), path).toContain('data-shell="auth"');
    }
    for (const path of ["/", "/vendors", "/vendor/1"]) {
      expect(await (await request.get(path)).text(), path).toContain('data-shell="app"');
    }
  });
});

/** Sums the page's layout shifts and reads its largest paint, as Lighthouse does (buffered observers). */
async function paintFacts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; lcp: string }>((resolve) => {
        let cls = 0;
        let lcp = "";
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          lcp = last?.element?.outerHTML.slice(0, 120) ?? "";
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve({ cls, lcp }), 300);
      }),
  );
}

test.describe("the first paint, before and after the app takes over", () => {
  test("the shell paints the test-payments banner and the first trailers' pictures before any script", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    await expect(page.locator(".fp-pay--auth")).toHaveText(
      "Test payments — card payments move no real money",
    );
    // A signed-in visit (a stored token): signed out, /vendors goes to /login before the body paints.
    await page.evaluate(() => localStorage.setItem("authToken", "stored-token"));
    await page.goto("/vendors");
    await expect(page.locator(".fp-pay").first()).toBeVisible();
    await expect(page.locator(".fp-card img").first()).toBeVisible();
    await expect
      .poll(() =>
        page
          .locator(".fp-card img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  });

  test("nothing moves when the app replaces the shell (layout shift under 0.02)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/login");
    await expect(page.getByRole("note", { name: "Test payments" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await paintFacts(page)).cls).toBeLessThan(0.02);

    const token = await apiToken(page);
    await page.goto(`/vendors?token=${encodeURIComponent(token)}`);
    await expect(page.locator(".vendor-card").first()).toBeVisible();
    const vendors = await paintFacts(page);
    expect(vendors.cls).toBeLessThan(0.02);
  });

  // Layout shift counts only elements that move, not the shell's being replaced: this checks the pictures themselves.
  // Were the app's copy of a picture even a fraction of a pixel larger than the shell's, it would also be a new,
  // later largest paint.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the trailers' pictures stay where the shell painted them when the app takes over (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const { shell, app } = await shellAndAppPictures(page, await apiToken(page));
      expect(shell).toHaveLength(3);
      expect(app).toEqual(shell);
    });
  }
});
