// Reports (and gates, in `npm run build`) the JavaScript a cold visit needs to render a route, as it goes over the
// wire: the brotli files the build wrote (what the server sends to Chromium), for the entry's static import graph
// and the route's page chunk with its own. `npm run bench` measures the same on the wire in Chromium; the e2e test
// tests/e2e/wire-budget.spec.ts holds the budgets too. It also gates the install sheet's screenshots, sent as they are.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist/client");

/** Route → the page modules it loads before rendering (beside the entry). */
export const ROUTE_PAGES = {
  "/login": ["src/features/auth/components/LoginPage.tsx"],
  "/vendors": ["src/features/vendors/components/VendorsPage.tsx"],
};
/**
 * Chunks (by name) whose dynamic imports a route also needs before it can render: the vendor list's response schemas
 * load lazily beside the request (`lazySchema`), but the list renders only once they have validated it.
 */
export const ROUTE_LAZY_NEEDS = { "/login": [], "/vendors": ["vendors-api"] };
/** Budgets of the encoded (brotli) JavaScript to render each route cold (docs/decisions/speed.md, "Targets"). */
export const BUDGET_KB = { "/login": 100, "/vendors": 110 };
/** Each install-sheet screenshot (PNGs, sent as they are): Chrome fetches them all before it shows the sheet. */
export const SCREENSHOT_BUDGET_KB = 150;

/** The manifest's screenshots with their sizes in KB, as the build wrote them. */
export function screenshotSizes(dir = clientDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.webmanifest"), "utf8"));
  return manifest.screenshots.map((shot) => ({
    src: shot.src,
    kb: fs.statSync(path.join(dir, shot.src.replace(/^\//, ""))).size / 1024,
  }));
}

function collect(manifest, key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  seen.add(key);
  for (const dependency of chunk.imports ?? []) collect(manifest, dependency, seen);
}

/** The files a cold render of `route` loads, with their plain and brotli sizes. */
export function routeJavaScript(route, dir = clientDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, ".vite/manifest.json"), "utf8"));
  const seen = new Set();
  collect(manifest, "index.html", seen);
  for (const page of ROUTE_PAGES[route] ?? []) collect(manifest, page, seen);
  for (const name of ROUTE_LAZY_NEEDS[route] ?? []) {
    const lazyParent = Object.values(manifest).find(
      (chunk) => chunk.name === name && !chunk.isDynamicEntry,
    );
    if (!lazyParent) throw new Error(`no chunk named ${name} in the build manifest`);
    for (const dependency of lazyParent.dynamicImports ?? []) collect(manifest, dependency, seen);
  }
  // The module the HTML runs, which starts the entry after the first paint (vite.config.ts): not in the manifest.
  const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
  const started = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const files = [
    ...new Set([
      ...started,
      ...[...seen].map((key) => manifest[key].file).filter((file) => file.endsWith(".js")),
    ]),
  ];
  const sizeOf = (file) => fs.statSync(path.join(dir, file)).size;
  const encodedSize = (file) =>
    fs.existsSync(path.join(dir, `${file}.br`)) ? sizeOf(`${file}.br`) : sizeOf(file);
  const gzipSize = (file) =>
    fs.existsSync(path.join(dir, `${file}.gz`)) ? sizeOf(`${file}.gz`) : sizeOf(file);
  const total = (measure) => files.reduce((sum, file) => sum + measure(file), 0) / 1024;
  return { files, brotliKb: total(encodedSize), gzipKb: total(gzipSize), plainKb: total(sizeOf) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const route of Object.keys(ROUTE_PAGES)) {
    const { files, brotliKb, plainKb } = routeJavaScript(route);
    const over = brotliKb > BUDGET_KB[route];
    failed ||= over;
    console.log(
      `JS to render ${route} (cold): ${brotliKb.toFixed(1)} KB brotli on the wire (${plainKb.toFixed(0)} KB plain) in ${files.length} files` +
        ` (budget ${BUDGET_KB[route]} KB)${over ? "  OVER BUDGET" : ""}`,
    );
  }
  for (const { src, kb } of screenshotSizes()) {
    const over = kb > SCREENSHOT_BUDGET_KB;
    failed ||= over;
    console.log(
      `Install-sheet screenshot ${src}: ${kb.toFixed(1)} KB (budget ${SCREENSHOT_BUDGET_KB} KB)${over ? "  OVER BUDGET" : ""}`,
    );
  }
  if (failed) process.exit(1);
}
