// Bench section "client-bytes": the JavaScript and CSS a cold visit downloads, measured ON THE WIRE (encoded bytes,
// Playwright's request.sizes()), per route, in Debian's Chromium at a phone's size.
//   - "to render": what was requested before the route's content was on screen (what the budgets hold);
//   - "all": everything fetched until the network has been quiet for a second (idle-time prefetches included).
// Run alone: `node scripts/bench/client-bytes.mjs` (builds if needed, starts the built server on port 8121).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import {
  buildIfNeeded,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  demoToken,
  PHONE,
  runAlone,
  startBuiltServer,
} from "./lib/client-run.mjs";

/** Route → what shows that it has rendered; `signedIn` routes open with the demo customer's `?token=`. */
export const ROUTES = [
  { path: "/login", ready: "#login-email", signedIn: false, budgetKb: 100 },
  { path: "/vendors", ready: ".vendor-card__name", signedIn: true, budgetKb: 110 },
  { path: "/", ready: ".home-hero", signedIn: true },
  { path: "/vendor/1", ready: ".menu-item", signedIn: true },
  { path: "/cart", ready: ".page-header__title h1", signedIn: true },
  { path: "/orders", ready: ".page-header__title h1", signedIn: true },
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** One cold visit (fresh browser context: empty HTTP cache, no service worker). */
export async function measureRoute(browser, baseUrl, route, token) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const requests = [];
  page.on("request", (request) => requests.push(request));
  // The moment the route's content enters the DOM, on the page's own clock (epoch ms), seen by a MutationObserver.
  await page.addInitScript((selector) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      window.__readyAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, route.ready);
  try {
    const url = route.signedIn ? `${route.path}?token=${encodeURIComponent(token)}` : route.path;
    await page.goto(url, { waitUntil: "commit" });
    await page.locator(route.ready).first().waitFor({ timeout: 30_000 });
    const readyAt = await page.evaluate(() => window.__readyAt);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    await page.waitForLoadState("networkidle");
    const files = [];
    for (const request of requests) {
      const type = request.resourceType();
      if (type !== "script" && type !== "stylesheet") continue;
      const response = await request.response();
      if (!response) continue;
      const sizes = await request.sizes();
      files.push({
        url: new URL(request.url()).pathname,
        type,
        encoding: (await response.allHeaders())["content-encoding"] ?? "identity",
        wireBytes: sizes.responseBodySize,
        critical: request.timing().startTime <= readyAt,
      });
    }
    const sum = (predicate) =>
      files.filter(predicate).reduce((total, file) => total + file.wireBytes, 0);
    return {
      route: route.path,
      js: {
        renderBytes: sum((f) => f.type === "script" && f.critical),
        allBytes: sum((f) => f.type === "script"),
      },
      css: {
        renderBytes: sum((f) => f.type === "stylesheet" && f.critical),
        allBytes: sum((f) => f.type === "stylesheet"),
      },
      jsFiles: {
        render: files.filter((f) => f.type === "script" && f.critical).length,
        all: files.filter((f) => f.type === "script").length,
      },
      files,
    };
  } finally {
    await context.close();
  }
}

const section = {
  name: "client-bytes",
  title: "Encoded JavaScript and CSS per route (cold visit, on the wire, Chromium 390x844)",
  async run(ctx) {
    buildIfNeeded(ctx.root, ctx.log);
    const server = await startBuiltServer({ root: ctx.root, port: ctx.port(0), log: ctx.log });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const token = await demoToken(server.baseUrl);
      const results = [];
      for (const route of ROUTES) {
        ctx.log(`cold visit to ${route.path}`);
        results.push(await measureRoute(browser, server.baseUrl, route, token));
      }
      const rows = results.flatMap((result, index) => {
        const route = ROUTES[index];
        const encodings = [...new Set(result.files.map((file) => file.encoding))].join("/");
        return [
          {
            metric: `JS to render ${route.path}${route.signedIn ? " (signed in)" : ""}`,
            value: kb(result.js.renderBytes),
            unit: "KB",
            target: route.budgetKb
              ? `≤ ${route.budgetKb} KB ${kb(result.js.renderBytes) <= route.budgetKb ? "✓" : "✗"}`
              : "",
            note: `${result.jsFiles.render} files (${encodings}); all JS until idle ${kb(result.js.allBytes)} KB in ${result.jsFiles.all}`,
          },
          {
            metric: `CSS to render ${route.path}`,
            value: kb(result.css.renderBytes),
            unit: "KB",
            target: "",
            note: `all CSS until idle ${kb(result.css.allBytes)} KB`,
          },
        ];
      });
      return { rows, json: { routes: results } };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

export default section;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runAlone(section, path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
}
