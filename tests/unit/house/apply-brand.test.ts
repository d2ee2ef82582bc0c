/**
 * The brand script rewrites the first-paint shell too: a copy of the project branded with another name keeps no
 * "Food Park" in index.html (title, loading text, shell brand, sign-in card, noscript).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-brand-"));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe("scripts/apply-brand.mjs", () => {
  it("puts another brand's name everywhere in the first-paint shell", () => {
    fs.mkdirSync(path.join(copy, "src"));
    const brand = JSON.parse(fs.readFileSync(path.join(root, "src/brand.json"), "utf8"));
    fs.writeFileSync(
      path.join(copy, "src/brand.json"),
      JSON.stringify({ ...brand, appName: "Harbour & Eats", shortName: "Harbour" }),
    );
    for (const file of ["index.html", "manifest.webmanifest"])
      fs.copyFileSync(path.join(root, file), path.join(copy, file));

    execFileSync(process.execPath, [path.join(root, "scripts/apply-brand.mjs"), "--root", copy]);

    const html = fs.readFileSync(path.join(copy, "index.html"), "utf8");
    expect(html).not.toContain("Food Park");
    expect(html).toContain("<title>Harbour &amp; Eats</title>");
    expect(html).toContain("Loading <span data-brand-name>Harbour &amp; Eats</span>…");
    expect(html.match(/data-brand-name>Harbour &amp; Eats</g)).toHaveLength(5);
    expect(html).toContain(
      "<noscript><span data-brand-name>Harbour &amp; Eats</span> needs JavaScript",
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, "manifest.webmanifest"), "utf8"));
    expect(manifest.name).toBe("Harbour & Eats");
  });
});
