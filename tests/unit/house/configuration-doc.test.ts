/**
 * docs/configuration.md is the one list of settings. These tests read the names the code actually reads from the
 * environment — the server's config, and the scripts, tests and build — and fail when one has no row there.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const doc = fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8");

/** Names given a row of their own: the first cell of a table row, in backticks. */
const documented = new Set(
  doc
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => /^\| `([A-Z0-9_]+)`/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined),
);

/** Vite's own flags, not settings anyone sets. */
const viteBuiltIns = new Set(["PROD", "DEV", "MODE", "SSR", "BASE_URL"]);

function envNamesIn(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mjs|mts|js)$/.test(entry.name) ? [relative] : [];
  });
}

describe("docs/configuration.md", () => {
  it("has a row for every setting server/src/config.ts reads", () => {
    const config = fs.readFileSync(path.join(root, "server/src/config.ts"), "utf8");
    const names = new Set(envNamesIn(config, /\benv\.([A-Z][A-Z0-9_]+)/g));
    expect(names.size).toBeGreaterThan(30);
    const missing = [...names].filter((name) => !documented.has(name));
    expect(missing, "settings without a row in docs/configuration.md").toEqual([]);
  });

  it("has a row for every variable the scripts, tests, build and client read", () => {
    const files = [
      ...["scripts", "tests", "src", "sw", "server"].flatMap(sourceFiles),
      "vite.config.ts",
      "vite.server.config.ts",
      "playwright.config.ts",
    ];
    const names = new Set(
      files.flatMap((file) => {
        const source = fs.readFileSync(path.join(root, file), "utf8");
        return [
          ...envNamesIn(source, /process\.env\.([A-Z][A-Z0-9_]+)/g),
          ...envNamesIn(source, /import\.meta\.env\.([A-Z][A-Z0-9_]+)/g),
        ];
      }),
    );
    const missing = [...names].filter((name) => !documented.has(name) && !viteBuiltIns.has(name));
    expect(missing, "variables without a row in docs/configuration.md").toEqual([]);
  });
});
