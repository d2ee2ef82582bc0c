/**
 * README.md is what a newcomer reads first, in minutes: what the park is, the two commands, the demo accounts,
 * production, the commands and where to read on. Settings, measurements and decisions have their own files in docs/.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const README_MAX_BYTES = 8 * 1024;

describe("README.md", () => {
  it(`stays within ${README_MAX_BYTES} bytes`, () => {
    expect(fs.statSync(path.join(root, "README.md")).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it("links to the docs that hold what it leaves out", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    for (const doc of ["configuration", "performance", "decisions/README", "architecture"]) {
      expect(readme).toContain(`(docs/${doc}.md)`);
    }
  });
});
