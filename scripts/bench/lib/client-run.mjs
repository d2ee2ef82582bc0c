// Shared by the client bench sections (client-bytes, lighthouse): the built server on a port of their own, with a
// fresh data folder, a demo customer's token, and Debian's Chromium launched with the project's flags.

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** The flags of playwright.config.ts (toolchain notes): headless Chromium that stays off the closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const DEMO_CUSTOMER = { email: "demo@foodpark.test", password: "demo-password" };
/** A mid-range phone's screen (the project's mobile screenshots). */
export const PHONE = { width: 390, height: 844 };

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

/** Builds when the output is missing or older than the sources (without the size gate: the bench reports sizes). */
export function buildIfNeeded(root, log = console.log) {
  const outputs = [
    "dist/client/index.html",
    "dist/client/index.html.br",
    "dist/client/.vite/manifest.json",
    "dist/server/main.js",
  ];
  const sources = [
    "src",
    "sw",
    "server/src",
    "contract",
    "public",
    "index.html",
    "manifest.webmanifest",
    "vite.config.ts",
    "vite.server.config.ts",
    "package-lock.json",
  ];
  const builtAt = Math.min(...outputs.map((file) => newestMtime(path.join(root, file))));
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  log("building the client and the server…");
  for (const script of ["build:client", "build:server"]) {
    const result = spawnSync("npm", ["run", "--silent", script], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`npm run ${script} failed (${result.status})`);
  }
}

/** `node dist/server/main.js` on `port` with a fresh DATA_DIR; `stop()` kills it and removes the folder. */
export async function startBuiltServer({ root, port, log = console.log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-bench-client-"));
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      // The shipped log level (as `npm start` and production run), not a quieter one; `env` may override it.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  log(`starting the built server on ${baseUrl}…`);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error("the server did not start within 180 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** The demo customer's sign-in token, as the Android host app would hand it over (`?token=`). */
export async function demoToken(baseUrl) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** DevTools' benchmark index of a low-tier phone (Moto G4 Power class): CPU slowdown = this host's index ÷ it. */
export const LOW_TIER_BENCHMARK_INDEX = 264;

/** Lighthouse's own CPU benchmark (core/lib/page-functions.js), run 3 times in a blank page of `browser`: the median. */
export async function benchmarkIndex(browser) {
  const require = createRequire(import.meta.url);
  const { pageFunctions } = await import(require.resolve("lighthouse/core/lib/page-functions.js"));
  const page = await browser.newPage();
  const indexes = [];
  for (let run = 0; run < 3; run += 1)
    indexes.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  await page.close();
  return median(indexes);
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Prints a section's rows as a table (used when a section runs on its own). */
export function printRows(title, rows) {
  const header = ["metric", "value", "target", "note"];
  const cells = rows.map((row) => [
    row.metric,
    `${row.value}${row.unit ? ` ${row.unit}` : ""}`,
    row.target ?? "",
    row.note ?? "",
  ]);
  const widths = header.map((name, column) =>
    Math.max(name.length, ...cells.map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    `| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(" | ")} |`;
  console.log(
    `\n${title}\n${line(header)}\n|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
  );
  for (const row of cells) console.log(line(row));
}

/** `node scripts/bench/<name>.mjs`: runs one section alone on its own ports (8121…), prints its rows and JSON. */
export async function runAlone(section, root) {
  const base = Number(process.env.BENCH_PORT_BASE || 8121);
  const ctx = {
    root,
    log: (message) => console.error(`[${section.name}] ${message}`),
    port: (n = 0) => base + n,
  };
  const { rows, json } = await section.run(ctx);
  printRows(section.title, rows);
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(json, null, 2)}\n`);
}
