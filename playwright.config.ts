import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive the PRODUCTION build (`npm run build` first) through the real server:
 * `node dist/server/main.js`, embedded PostgreSQL in a fresh data folder every run.
 * Browser: Debian's Chromium (`apt-get install chromium`); never `npx playwright install`.
 */
const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;
const runsDir = path.resolve(".data/e2e");

/** A fresh data folder per run; earlier runs' folders are removed. */
function freshDataDir(): string {
  fs.rmSync(runsDir, { recursive: true, force: true });
  fs.mkdirSync(runsDir, { recursive: true });
  return fs.mkdtempSync(path.join(runsDir, `run-${Date.now()}-`));
}

// Worker processes load this file again: they inherit the folder the main process chose.
const dataDir = process.env.E2E_DATA_DIR || freshDataDir();
process.env.E2E_DATA_DIR = dataDir;

/**
 * The checks that time a whole browser round trip (a park change, a kitchen step or a staff move reaching the phone
 * and the board within 2 s; the kitchen's 5 s undo): they run last, one at a time, so that no other test's browsers
 * compete with them for the machine's two cores. Run beside the rest, a loaded CI machine took seconds per click.
 * One file alone: `npx playwright test --no-deps tests/e2e/kitchen.spec.ts`.
 */
const TIMED = /(park-operations|kitchen|orders)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A test that passes only on its retry fails the run: the retry shows the failure again, it does not excuse it.
  failOnFlakyTests: true,
  workers: 2,
  reporter: "list",
  // Whole flows (sign up, fill a cart, pay) on a 2-core CI machine: generous per test; retried once in CI to show
  // whether a failure repeats, but a flaky pass still fails the run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "en-GB",
    timezoneId: "Europe/London",
    // The auth and shell tests want the network, not a cache; PWA tests opt in with test.use().
    serviceWorkers: "block",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "e2e", testIgnore: TIMED },
    { name: "timed", testMatch: TIMED, dependencies: ["e2e"], workers: 1 },
  ],
  webServer: {
    command: "node dist/server/main.js",
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // Every test signs up and in from 127.0.0.1: the per-address limits would otherwise be shared by all of them.
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
      LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
      REGISTER_RATE_LIMIT_PER_10_MINUTES: "1000",
      LOG_LEVEL: "warn",
    },
    // Never test against a server some other checkout left running.
    reuseExistingServer: false,
    // A first start creates the database: slow on a busy machine.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
