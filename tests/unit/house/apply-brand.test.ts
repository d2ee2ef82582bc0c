/**
 * The brand script rewrites the first-paint shell too: a copy of the project branded with another name keeps no
 * "Food Park" in index.html (title, loading text, shell brand, sign-in card, noscript), and draws the other logo.
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
  it("puts another brand's name and logo everywhere in the first-paint shell", () => {
    fs.mkdirSync(path.join(copy, "src"));
    const brand = JSON.parse(fs.readFileSync(path.join(root, "src/brand.json"), "utf8"));
    fs.writeFileSync(
      path.join(copy, "src/brand.json"),
      JSON.stringify({ ...brand, appName: "Harbour & Eats", shortName: "Harbour" }),
    );
    for (const file of ["index.html", "manifest.webmanifest"])
      fs.copyFileSync(path.join(root, file), path.join(copy, file));
    fs.mkdirSync(path.join(copy, "public/icons"), { recursive: true });
    fs.writeFileSync(
      path.join(copy, "public", brand.logo),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Harbour</title>\n<circle cx="32" cy="32" r="30" fill="#0e7490"/>\n</svg>\n',
    );

    execFileSync(process.execPath, [path.join(root, "scripts/apply-brand.mjs"), "--root", copy]);

    const html = fs.readFileSync(path.join(copy, "index.html"), "utf8");
    expect(html).not.toContain("Food Park");
    expect(html).toContain("<title>Harbour &amp; Eats</title>");
    expect(html).toContain("Loading <span data-brand-name>Harbour &amp; Eats</span>…");
    expect(html.match(/data-brand-name>Harbour &amp; Eats</g)).toHaveLength(5);
    expect(html).toContain(
      "<noscript><span data-brand-name>Harbour &amp; Eats</span> needs JavaScript",
    );
    expect(html).toContain(
      '<symbol id="brand-logo" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#0e7490"/></symbol>',
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, "manifest.webmanifest"), "utf8"));
    expect(manifest.name).toBe("Harbour & Eats");
  });
});
