import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The main journey in Chromium, Firefox ESR and WebKitGTK (tests/engines): Debian's browsers driven by
 * puppeteer-core (Chromium over CDP, Firefox over WebDriver BiDi) and by WebKitWebDriver under xvfb-run.
 * The same production server as the end-to-end tests; one engine at a time.
 */
export default defineConfig({
  ...base,
  testDir: "tests/engines",
  workers: 1,
  retries: 0,
  use: {},
  projects: [{ name: "engines" }],
});
