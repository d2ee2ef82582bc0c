// Bench section "returning-customer": the largest paint of /login and /vendors for a customer who has been here
// before (service worker installed and in control, HTTP cache kept), in Debian's Chromium with Lighthouse's mobile
// throttling applied in the browser ("devtools" throttling: 562.5 ms per request, 1,474.56 kbit/s down, 675 up,
// 4x CPU slowdown of the page's thread, a 390 × 844 phone screen). Lighthouse's default *simulated* throttling
// replays every request over a simulated network, including the ones the worker answers from its caches, so it
// cannot see what the worker saves; here the browser throttles only what really goes to the network.
// LCP and FCP are the page's own Performance API entries. Median of RUNS visits after one visit that installs the
// worker. Run alone: `node scripts/bench/returning-customer.mjs` (builds if needed; ports from BENCH_PORT_BASE).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import {
  buildIfNeeded,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  demoToken,
  median,
  PHONE,
  runAlone,
  startBuiltServer,
} from "./lib/client-run.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
export const TARGETS = { "/login": 400, "/vendors": 500 };
/** Lighthouse 12's mobile "devtools" throttling (constants.throttling.mobileSlow4G, request-level values). */
export const THROTTLING = {
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  cpuSlowdown: 4,
};

async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
  return cdp;
}

/** The page's paints once it has loaded and stayed quiet a moment (LCP entries stop at the first input). */
const paints = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        let element = "";
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            lcp = entry.startTime;
            const node = entry.element;
            element = node
              ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(" ")[0]}` : ""}`
              : "";
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
        const navigation = performance.getEntriesByType("navigation")[0];
        setTimeout(
          () =>
            resolve({
              lcpMs: Math.round(lcp),
              fcpMs: Math.round(fcp),
              element,
              fromWorker: Boolean(navigation && navigation.workerStart > 0),
              documentMs: Math.round(navigation ? navigation.responseEnd : 0),
            }),
          2000,
        );
      }),
  );

async function returningVisits(browser, url, log) {
  const context = await browser.newContext({ serviceWorkers: "allow", viewport: PHONE });
  try {
    // First visit: the worker installs, precaches and takes control; the page settles (its queries persisted).
    const first = await context.newPage();
    await first.goto(url, { waitUntil: "load" });
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
    });
    await first.waitForTimeout(3000);
    await first.close();
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const page = await context.newPage();
      const cdp = await throttle(page);
      await page.goto(url, { waitUntil: "load" });
      runs.push(await paints(page));
      log(`${new URL(url).pathname} warm ${run + 1}/${RUNS}: ${JSON.stringify(runs.at(-1))}`);
      await cdp.detach();
      await page.close();
    }
    return runs;
  } finally {
    await context.close();
  }
}

const section = {
  name: "returning-customer",
  title: `Returning customer (service worker in control), Chromium with Lighthouse's mobile throttling, median of ${RUNS}`,
  async run(ctx) {
    buildIfNeeded(ctx.root, ctx.log);
    const server = await startBuiltServer({ root: ctx.root, port: ctx.port(1), log: ctx.log });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const token = await demoToken(server.baseUrl);
      const rows = [];
      const json = { throttling: THROTTLING, targets: TARGETS, routes: {} };
      for (const [route, target] of Object.entries(TARGETS)) {
        const url = `${server.baseUrl}${route}${route === "/vendors" ? `?token=${encodeURIComponent(token)}` : ""}`;
        const runs = await returningVisits(browser, url, ctx.log);
        const lcp = median(runs.map((run) => run.lcpMs));
        json.routes[route] = { runs, lcpMs: lcp };
        rows.push({
          metric: `${route} returning customer: LCP`,
          value: lcp,
          unit: "ms",
          target: `≤ ${target} ${lcp <= target ? "✓" : "✗"}`,
          note: `runs ${runs.map((run) => run.lcpMs).join(", ")} ms; FCP ${median(runs.map((run) => run.fcpMs))} ms; page from the worker: ${runs.every((run) => run.fromWorker) ? "yes" : "no"}; LCP element ${runs[0]?.element || "?"}`,
        });
      }
      return { rows, json };
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
