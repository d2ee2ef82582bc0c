// Screenshots of pages at phone (390×844) and desktop (1280×800) widths, for looking at what we built.
// Usage: node scripts/screenshots.mjs http://127.0.0.1:8080 /tmp/shots /login /signup /profile
// Pages after the first signed-out ones are taken signed in as the demo customer (LOGIN_AS=email:password to change).
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:8080", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
const signedOut = new Set(["/login", "/signup", "/test-auto-login", "/test-notification"]);
const [email, password] = (process.env.LOGIN_AS ?? "demo@foodpark.test:demo-password").split(":");
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const [label, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
]) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  let signedIn = false;
  for (const target of paths) {
    if (!signedOut.has(target) && !signedIn) {
      const response = await page.request.post(`${base}/auth/login`, { data: { email, password } });
      const { token, user } = await response.json();
      await page.goto(`${base}/login`);
      await page.evaluate(
        ([t, u]) => {
          localStorage.setItem("authToken", t);
          localStorage.setItem("user", JSON.stringify(u));
        },
        [token, user],
      );
      signedIn = true;
    }
    await page.goto(`${base}${target}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 400));
    const file = `${outDir}/${label}${target.replace(/[^a-z0-9]+/gi, "_") || "_root"}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === "1" });
    console.log(file);
  }
  await context.close();
}
await browser.close();
