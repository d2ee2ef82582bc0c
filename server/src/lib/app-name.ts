import fs from "node:fs";
import path from "node:path";

/**
 * The brand's app name for the pages the server writes itself (the test checkout). The brand file is the client's
 * (src/brand.json); `scripts/apply-brand.mjs` copies its name into `manifest.webmanifest`, which the build ships
 * and `tests/unit/manifest.test.ts` keeps equal to it, so the server reads the name there: the built copy in the
 * client folder, else the source copy. 'Food Park' only if neither can be read.
 */
export function readAppName(clientDir: string | undefined): string {
  const candidates = [
    clientDir && path.join(clientDir, "manifest.webmanifest"),
    path.resolve("manifest.webmanifest"),
  ].filter((file): file is string => Boolean(file));
  for (const file of candidates) {
    try {
      const name = (JSON.parse(fs.readFileSync(file, "utf8")) as { name?: unknown }).name;
      if (typeof name === "string" && name.trim()) return name.trim();
    } catch {
      // next candidate
    }
  }
  return "Food Park";
}
