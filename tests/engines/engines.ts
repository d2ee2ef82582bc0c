/**
 * One small interface over three engines, so that one journey runs in each:
 * - Chromium (Debian's) and Firefox ESR (Debian's `firefox-esr`, over WebDriver BiDi) through puppeteer-core;
 * - WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver classic) under xvfb-run.
 * Elements are found by a JavaScript expression run in the page (which answers the element or null), scrolled to
 * the middle of the screen, waited for until nothing covers them, and then clicked or typed into for real by the
 * engine's own input (not `element.click()` in the page).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import {
  isElement,
  miniBrowserPath,
  type WebDriverSession as Session,
  startWebKitDriver,
  WebDriverSession,
} from "./webdriver";

export type EngineName = "chromium" | "firefox" | "webkit";

export interface Engine {
  name: EngineName;
  goto(url: string): Promise<void>;
  /** The value of `expression` (awaited when it is a promise), as JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until `finder` finds an element, then clicks it with the engine's own input. */
  click(finder: string): Promise<void>;
  /** Waits until `finder` finds a (empty) field, then types `text` into it. */
  type(finder: string, text: string): Promise<void>;
  /** A PNG of what the browser shows. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

const FIND_TIMEOUT_MS = 15_000;

/**
 * In the page: the element `finder` finds, brought to the middle of the screen, once nothing covers its centre (as a
 * user would wait for a toast or a sticky bar to move away); else null. Playwright checks the same before a click.
 */
const actionable = (finder: string) => `(() => {
  const element = (${finder}) || null;
  if (!element) return null;
  element.scrollIntoView({ block: "center" });
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit && (hit === element || element.contains(hit) || (element.control && hit === element.control)) ? element : null;
})()`;

/** Firefox ESR on a fresh profile: no update banner, no calls home, no push service connection. */
export const FIREFOX_PREFS: Record<string, unknown> = {
  "app.update.auto": false,
  "app.update.enabled": false,
  "app.update.checkInstallTime": false,
  "app.update.disabledForTesting": true,
  "app.update.staging.enabled": false,
  "app.update.service.enabled": false,
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "dom.push.connection.enabled": false,
  "extensions.update.enabled": false,
};

async function puppeteerEngine(name: "chromium" | "firefox"): Promise<Engine> {
  let browser: Browser;
  let profile: string | undefined;
  if (name === "chromium") {
    browser = await puppeteer.launch({
      browser: "chrome",
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-component-update"],
    });
  } else {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-firefox-"));
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
      headless: true,
      userDataDir: profile,
      extraPrefsFirefox: FIREFOX_PREFS,
    });
  }
  const page: Page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });

  async function find(finder: string): Promise<ElementHandle<Element>> {
    const handle = await page.waitForFunction(actionable(finder), {
      polling: 100,
      timeout: FIND_TIMEOUT_MS,
    });
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) throw new Error(`not an element: ${finder}`);
    return element;
  }

  return {
    name,
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async click(finder) {
      await (await find(finder)).click();
    },
    async type(finder, text) {
      await (await find(finder)).type(text);
    },
    async screenshot() {
      return Buffer.from(await page.screenshot({ type: "png" }));
    },
    async close() {
      await browser.close();
      if (profile) fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function webkitEngine(): Promise<Engine> {
  const driver = await startWebKitDriver();
  let session: Session;
  try {
    session = await WebDriverSession.create(driver.base, {
      "webkitgtk:browserOptions": { binary: miniBrowserPath(), args: ["--automation"] },
    });
    await session.setTimeouts({ script: 30_000, pageLoad: 60_000 });
    // A phone's viewport, as the other engines get.
    await session.setWindowRect({ width: 390, height: 844 });
  } catch (error) {
    await driver.stop();
    throw error;
  }

  async function find(finder: string) {
    const deadline = Date.now() + FIND_TIMEOUT_MS;
    for (;;) {
      const found = await session.execute(`return ${actionable(finder)};`).catch(() => null);
      if (isElement(found)) return found;
      if (Date.now() > deadline) throw new Error(`WebKitGTK: nothing found for ${finder}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    name: "webkit",
    async goto(url) {
      await session.navigate(url);
    },
    async evaluate<T>(expression: string) {
      const answer = await session.executeAsync<{ value?: T; error?: string }>(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${expression})).then(
           (value) => done({ value }),
           (error) => done({ error: String(error) }),
         );`,
      );
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.value as T;
    },
    async click(finder) {
      // Something may still move over it between the check and the click (a toast sliding in): look again.
      const deadline = Date.now() + FIND_TIMEOUT_MS;
      for (;;) {
        try {
          await session.click(await find(finder));
          return;
        } catch (error) {
          if (!String(error).includes("element click intercepted") || Date.now() > deadline)
            throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    async type(finder, text) {
      await session.sendKeys(await find(finder), text);
    },
    async screenshot() {
      return Buffer.from(await session.screenshot(), "base64");
    },
    async close() {
      await session.delete().catch(() => null);
      await driver.stop();
    },
  };
}

export function launch(name: EngineName): Promise<Engine> {
  return name === "webkit" ? webkitEngine() : puppeteerEngine(name);
}
