/**
 * The docs walk newcomers through the code by file name; a renamed or deleted file must not leave them at a dead end.
 * Every repo-relative path named in README.md, docs/*.md or docs/decisions/*.md (product-spec.md aside: the binding
 * copy is left as it is) must exist. Placeholders (`<name>`, `{id}`, `NNN`, globs) and addresses (URLs, `@/…` aliases, routes) are not paths.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

const TOP_FOLDERS = ["server", "src", "contract", "tests", "scripts", "docs", "sw", "public"];
/** A top folder at the start of a word (not inside a URL, route or `@alias/`), then path characters. */
const PATH_PATTERN = new RegExp(
  `(?<![\\w./@:~-])(?:${TOP_FOLDERS.join("|")})/[\\w.\\-/<>{}*…]*[\\w/]`,
  "g",
);
const PLACEHOLDER = /[<>{}*…]|NNN|\.\.\./;

function pathsNamedIn(markdown: string): string[] {
  const named = [...markdown.matchAll(PATH_PATTERN)].map((match) => match[0]);
  return [...new Set(named.filter((name) => !PLACEHOLDER.test(name)))];
}

const markdownIn = (folder: string) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(".md") && name !== "product-spec.md")
    .map((name) => `${folder}/${name}`);

function documents(): string[] {
  return ["README.md", ...markdownIn("docs"), ...markdownIn("docs/decisions")];
}

describe("paths named in the docs", () => {
  it("recognises repo-relative paths and skips placeholders, aliases and URLs", () => {
    const sample = [
      "see `server/src/app.ts` and src/lib/money.ts, (contract/cart.ts).",
      "`src/features/<name>/`, `server/src/db/migrations/NNN_*.sql`, `@/features/cart/x`,",
      "https://example.com/src/x.ts, `/api/cart/add`, `@server/services/x.js`.",
    ].join("\n");
    expect(pathsNamedIn(sample)).toEqual([
      "server/src/app.ts",
      "src/lib/money.ts",
      "contract/cart.ts",
    ]);
  });

  for (const document of documents()) {
    it(`${document} names only files and folders that exist`, () => {
      const markdown = fs.readFileSync(path.join(root, document), "utf8");
      const missing = pathsNamedIn(markdown).filter(
        (named) => !fs.existsSync(path.join(root, named)),
      );
      expect(missing, `paths in ${document} that do not exist`).toEqual([]);
    });
  }
});
