import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readAppName } from "@server/lib/app-name";
import { expect, it } from "vitest";

it("the server's own pages name the brand's app, as the shipped manifest has it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-name-"));
  fs.writeFileSync(
    path.join(dir, "manifest.webmanifest"),
    JSON.stringify({ name: "Green Lane Eats" }),
  );
  expect(readAppName(dir)).toBe("Green Lane Eats");
  // Without a built client: the source manifest, which tests/unit/manifest.test.ts keeps equal to src/brand.json.
  const brand = JSON.parse(fs.readFileSync("src/brand.json", "utf8")) as { appName: string };
  expect(readAppName(undefined)).toBe(brand.appName);
  fs.rmSync(dir, { recursive: true, force: true });
});
