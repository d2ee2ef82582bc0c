// `npm run bench` (not part of `npm test`): builds if needed, starts the real server on a free port with a fresh
// DATA_DIR, and reports in one run
//   - the gzipped JavaScript a cold visit needs to render /vendors (and /login), from the build manifest;
//   - the time to render /cart from the service worker with the network off (Chromium, median of 5 reloads).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = 5;
const GOAL_KB = 125;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** Builds when the output is missing or older than the sources (without the size gate: the bench reports sizes). */
function buildIfNeeded() {
  const outputs = ["dist/client/index.html", "dist/client/.vite/manifest.json", "dist/server/main.js"].map((file) => path.join(root, file));
  const sources = ["src", "sw", "server/src", "contract", "public", "index.html", "manifest.webmanifest", "vite.config.ts", "vite.server.config.ts", "package-lock.json"];
  const builtAt = Math.min(...outputs.map(newestMtime));
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  console.log("Building…");
  for (const script of ["build:client", "build:server"]) {
    const result = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-bench-"));
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: "1000", LOGIN_MAX_FAILURES_PER_ADDRESS: "1000", REGISTER_RATE_LIMIT_PER_10_MINUTES: "1000", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("the server did not start within 180 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(baseUrl, urlPath, { token, body } = {}) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: body ? "POST" : "GET",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${urlPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A fresh customer with one item in the cart. */
async function customerWithCart(baseUrl) {
  const email = `bench-${Date.now()}@foodpark.test`;
  const { token, user } = await api(baseUrl, "/auth/register", { body: { email, password: "bench-password", name: "Bench Customer", role: "customer" } });
  const menu = await api(baseUrl, "/api/vendors/1/items", { token });
  const item = menu.items.flatMap((group) => group.items).find((candidate) => !candidate.has_required_addongroups && candidate.available !== false);
  await api(baseUrl, "/api/cart/add", { token, body: { itemId: item.id, vendorId: 1, quantity: 1 } });
  return { token, user };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** ms from navigation start until `selector` is in the page, checked every frame. */
const renderedAt = (page, selector) =>
  page.waitForFunction((target) => (document.querySelector(target) ? performance.now() : false), selector, { polling: "raf", timeout: 15_000 }).then((handle) => handle.jsonValue());

async function offlineCartTimes(baseUrl) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { token, user } = await customerWithCart(baseUrl);
    await page.goto("/login");
    await page.evaluate(([authToken, authUser]) => {
      localStorage.setItem("authToken", authToken);
      localStorage.setItem("user", JSON.stringify(authUser));
    }, [token, user]);
    await page.goto("/");
    // The worker must be activated and in control before the network goes (toolchain notes, gotcha 5).
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker.state !== "activated") await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
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
      const [headingAt, linesAt] = await Promise.all([renderedAt(page, ".page-header__title h1"), renderedAt(page, ".cart-line__name")]);
      const title = await page.locator(".page-header__title h1").textContent();
      if (title?.trim() !== "Cart") throw new Error(`expected the Cart heading offline, saw ${title}`);
      heading.push(headingAt);
      lines.push(linesAt);
    }
    return { heading, lines };
  } finally {
    await browser.close();
  }
}

buildIfNeeded();
const { routeJavaScript } = await import("./report-size.mjs");
const server = await startServer();
let times;
try {
  times = await offlineCartTimes(server.baseUrl);
} finally {
  await server.stop();
}

const vendors = routeJavaScript("/vendors");
const login = routeJavaScript("/login");
const rows = [
  ["JS to render /vendors cold (gzip)", `${vendors.gzipKb.toFixed(1)} KB in ${vendors.files.length} files`, `≤ ${GOAL_KB} KB ${vendors.gzipKb <= GOAL_KB ? "✓" : "✗ over"}`],
  ["JS to render /login cold (gzip)", `${login.gzipKb.toFixed(1)} KB in ${login.files.length} files`, ""],
  [`/cart offline from the worker: heading (median of ${RUNS})`, `${median(times.heading).toFixed(0)} ms`, `runs: ${times.heading.map((ms) => ms.toFixed(0)).join(", ")}`],
  [`/cart offline from the worker: cart lines (median of ${RUNS})`, `${median(times.lines).toFixed(0)} ms`, `runs: ${times.lines.map((ms) => ms.toFixed(0)).join(", ")}`],
];
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), ["metric", "value", "note"][column].length));
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(`\n${line(["metric", "value", "note"])}\n|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));
console.log("\nTimes are from navigation start (performance.now()) to the element being in the page, Chromium headless, network off.");
