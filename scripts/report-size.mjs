// Reports the gzipped JavaScript a cold visit needs to render a route, from Vite's build manifest.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const clientDir = path.join(root, "dist/client");
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));

/** Route → the page modules it lazy-loads (beside the entry). */
export const ROUTE_PAGES = {
  "/login": ["src/features/auth/components/LoginPage.tsx"],
  "/vendors": ["src/features/vendors/components/VendorsPage.tsx"],
};
// The JavaScript a cold visit needs before the page can render (issues 2 and 6): 125 KB gzipped for both.
export const BUDGET_KB = { "/login": 125, "/vendors": 125 };

function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  seen.add(key);
  for (const dependency of chunk.imports ?? []) collect(dependency, seen);
}

export function routeJavaScript(route) {
  const seen = new Set();
  collect("index.html", seen);
  for (const page of ROUTE_PAGES[route] ?? []) if (manifest[page]) collect(page, seen);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0);
  return { files, gzipKb: gzipBytes / 1024 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const route of Object.keys(ROUTE_PAGES)) {
    const missing = ROUTE_PAGES[route].filter((page) => !manifest[page]);
    if (missing.length > 0) continue;
    const { files, gzipKb } = routeJavaScript(route);
    const over = gzipKb > BUDGET_KB[route];
    failed ||= over;
    console.log(`JS to render ${route} (cold): ${gzipKb.toFixed(1)} KB gzipped in ${files.length} files (budget ${BUDGET_KB[route]} KB)${over ? "  OVER BUDGET" : ""}`);
  }
  if (failed) process.exit(1);
}
