// The install sheet's pictures (manifest.webmanifest `screenshots` and `shortcuts` icons), made from the running app.
// Usage: npm run build && node scripts/install-sheet.mjs http://127.0.0.1:8080
// Writes public/screenshots/{phone,wide}-trailers.png (the demo customer's Food Trailers screen at 390×844 and
// 1280×800) and public/icons/shortcut-*.png (96×96, rasterised from the SVGs beside them), then squeezes the PNGs
// with `pngquant` when it is installed (`apt-get install pngquant`); each screenshot must stay under 150 KB (`npm run build` holds it: scripts/report-size.mjs).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:8080"] = process.argv.slice(2);
const [email, password] = (process.env.LOGIN_AS ?? "demo@foodpark.test:demo-password").split(":");
const publicDir = new URL("../public/", import.meta.url);
fs.mkdirSync(new URL("screenshots/", publicDir), { recursive: true });

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
const written = [];

for (const [name, viewport] of [
  ["phone-trailers", { width: 390, height: 844 }],
  ["wide-trailers", { width: 1280, height: 800 }],
]) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    serviceWorkers: "block",
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const page = await context.newPage();
  const { token, user } = await (
    await page.request.post(`${base}/auth/login`, { data: { email, password } })
  ).json();
  await page.goto(`${base}/login`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("user", JSON.stringify(u));
    },
    [token, user],
  );
  await page.goto(`${base}/vendors`, { waitUntil: "networkidle" });
  await page.getByText(/^Found \d+ vendor/).waitFor();
  // Pictures load lazily: wait until the ones on screen have arrived.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => img.getBoundingClientRect().top < innerHeight)
      .every((img) => img.complete),
  );
  const file = new URL(`screenshots/${name}.png`, publicDir);
  await page.screenshot({ path: file.pathname });
  written.push(file.pathname);
  await context.close();
}

for (const name of ["shortcut-trailers", "shortcut-orders"]) {
  const context = await browser.newContext({
    viewport: { width: 96, height: 96 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const svg = fs.readFileSync(new URL(`icons/${name}.svg`, publicDir), "utf8");
  await page.setContent(
    `<body style="margin:0;background:transparent">${svg.replace("<svg ", '<svg width="96" height="96" ')}</body>`,
  );
  const file = new URL(`icons/${name}.png`, publicDir);
  await page.screenshot({ path: file.pathname, omitBackground: true });
  written.push(file.pathname);
  await context.close();
}
await browser.close();

for (const file of written) {
  try {
    execFileSync("pngquant", [
      "--force",
      "--skip-if-larger",
      "--quality=60-90",
      "--strip",
      "--output",
      file,
      file,
    ]);
  } catch (error) {
    if (error.code === "ENOENT")
      console.warn("pngquant not installed: PNGs left as Chromium wrote them");
    else if (error.status !== 98 && error.status !== 99) throw error; // 98/99: already small enough
  }
  console.log(`${file}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}
