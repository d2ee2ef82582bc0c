/**
 * The house rules of docs/architecture.md are enforced by Biome (biome.json), not by memory: these tests lint small
 * probe files, laid out like the repository in a scratch folder with the project's own biome.json, and expect the
 * rule to refuse them. They also check that every feature folder has its own "no other feature" rule, and that
 * biome.json's rules are the ones scripts/layers/write-biome-rules.mjs writes from scripts/layers/layers.json (the
 * rules are written once, as data; nobody edits the generated overrides by hand).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const biomeBin = path.join(root, "node_modules/@biomejs/biome/bin/biome");
const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8")) as {
  overrides: { includes: string[] }[];
};
const scratch: string[] = [];

/** Lints `files` (path → source) in a scratch copy of the project's layout; answers Biome's output and exit code. */
function lint(files: Record<string, string>): { code: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "food-park-layers-"));
  scratch.push(dir);
  const { $schema: _schema, ...rest } = JSON.parse(
    fs.readFileSync(path.join(root, "biome.json"), "utf8"),
  );
  fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(rest));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const run = spawnSync(process.execPath, [biomeBin, "lint", "--max-diagnostics=50", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  return { code: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe("layers enforced by the linter", () => {
  it("has a rule for every feature folder", () => {
    const features = fs.readdirSync(path.join(root, "src/features"), { withFileTypes: true });
    for (const feature of features.filter((entry) => entry.isDirectory())) {
      const covered = config.overrides.some((override) =>
        override.includes.includes(`src/features/${feature.name}/**`),
      );
      expect(covered, `biome.json has no override for src/features/${feature.name}`).toBe(true);
    }
  });

  it("has exactly the rules generated from scripts/layers/layers.json", () => {
    const check = spawnSync(
      process.execPath,
      [path.join(root, "scripts/layers/write-biome-rules.mjs"), "--check"],
      { cwd: root, encoding: "utf8" },
    );
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("refuses a feature importing another feature", () => {
    const result = lint({
      "src/features/vendors/components/Probe.ts":
        'import { cartApi } from "@/features/cart/api/cart-api";\nexport const probe = cartApi;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("A feature never imports another feature");
  });

  it("lets a feature import its own files, components, lib and the contract", () => {
    const result = lint({
      "src/features/vendors/components/Probe.ts": [
        'import { a } from "@/features/vendors/lib/a";',
        'import { b } from "@/lib/b";',
        'import { c } from "@contract/c";',
        "export const probe = [a, b, c];",
        "",
      ].join("\n"),
    });
    expect(result.output).not.toContain("noRestrictedImports");
  });

  it("refuses contract/ importing the app", () => {
    const result = lint({
      "contract/probe.ts":
        'import { formatPence } from "@/lib/money";\nexport const probe = formatPence;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("contract/ is the bottom layer");
  });

  it("refuses a repository importing a service", () => {
    const result = lint({
      "server/src/db/repositories/probe.ts":
        'import { createCartService } from "@server/services/cart/cart-service.js";\nexport const probe = createCartService;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("Repositories and migrations sit below services");
  });

  it("refuses an import circle", () => {
    const result = lint({
      "src/lib/first.ts":
        'import { second } from "./second";\nexport const first = () => second();\n',
      "src/lib/second.ts":
        'import { first } from "./first";\nexport const second = () => first();\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("noImportCycles");
  });
});
