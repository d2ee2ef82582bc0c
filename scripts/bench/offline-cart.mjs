// /cart rendered by the service worker with the network off (Chromium, median of 5 reloads), against the built
// server with a fresh embedded database. (The JS-per-route figures moved to the client-bytes section.)
import { chromium } from "@playwright/test";
import { api, median, plainItem, registerCustomer, startBuiltServer } from "./lib.mjs";

const RUNS = 5;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A fresh customer with one item in the cart. */
async function customerWithCart(baseUrl) {
  const { token, user } = await registerCustomer(baseUrl, "bench-offline");
  const { vendorId, itemId } = await plainItem(baseUrl);
  await api(baseUrl, "/api/cart/add", { token, body: { itemId, vendorId, quantity: 1 } });
  return { token, user };
}

/** ms from navigation start until `selector` is in the page, checked every frame. */
const renderedAt = (page, selector) =>
  page
    .waitForFunction(
      (target) => (document.querySelector(target) ? performance.now() : false),
      selector,
      { polling: "raf", timeout: 15_000 },
    )
    .then((handle) => handle.jsonValue());

async function offlineCartTimes(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      serviceWorkers: "allow",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const { token, user } = await customerWithCart(baseUrl);
    await page.goto("/login");
    await page.evaluate(
      ([authToken, authUser]) => {
        localStorage.setItem("authToken", authToken);
        localStorage.setItem("user", JSON.stringify(authUser));
      },
      [token, user],
    );
    await page.goto("/");
    // The worker must be activated and in control before the network goes (toolchain notes, gotcha 5).
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker.state !== "activated")
        await new Promise((resolve) =>
          worker.addEventListener("statechange", () => worker.state === "activated" && resolve()),
        );
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
    });
    // Online visit: the page's code, the cart response and the saved query cache are now warm.
    await page.goto("/cart");
    await page.locator(".cart-line__name").first().waitFor();
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    const heading = [];
    const lines = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.reload({ waitUntil: "commit" });
      const [headingAt, linesAt] = await Promise.all([
        renderedAt(page, ".page-header__title h1"),
        renderedAt(page, ".cart-line__name"),
      ]);
      const title = await page.locator(".page-header__title h1").textContent();
      if (title?.trim() !== "Cart")
        throw new Error(`expected the Cart heading offline, saw ${title}`);
      heading.push(headingAt);
      lines.push(linesAt);
    }
    return { heading, lines };
  } finally {
    await browser.close();
  }
}

export default {
  name: "offline-cart",
  title: "Offline cart from the service worker",
  async run(ctx) {
    const server = await startBuiltServer({ root: ctx.root, port: ctx.port(0), log: ctx.log });
    let times;
    try {
      times = await offlineCartTimes(server.baseUrl);
    } finally {
      await server.stop();
    }
    const runs = (values) => `runs: ${values.map((ms) => ms.toFixed(0)).join(", ")}`;
    return {
      rows: [
        {
          metric: `/cart offline: heading (median of ${RUNS})`,
          value: Math.round(median(times.heading)),
          unit: "ms",
          target: "",
          note: runs(times.heading),
        },
        {
          metric: `/cart offline: cart lines (median of ${RUNS})`,
          value: Math.round(median(times.lines)),
          unit: "ms",
          target: "",
          note: runs(times.lines),
        },
      ],
      json: {
        runs: RUNS,
        headingMs: times.heading,
        linesMs: times.lines,
        note: "navigation start (performance.now()) to the element in the page, Chromium headless, network off",
      },
    };
  },
};
