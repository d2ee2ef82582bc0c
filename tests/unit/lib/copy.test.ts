import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agrees, atCounterOf, countOf, theName } from "@/lib/copy";

const DOUBLED_ARTICLE = /\b(the|a|an)\s+(the|a|an)\b/i;
const BAD_PLURAL =
  /\b1 (items|dishes|orders|vendors|trailers|matches)\b|\b([02-9]|\d{2,}) (item|dish|order|vendor|trailer)\b/i;

describe("copy around names and counts", () => {
  const names = [
    "Smash Stack",
    "The Green Bowl",
    "the Taco Shack",
    "A Slice Above",
    "An Olive Tree",
  ];
  it("never doubles an article before a trailer's name", () => {
    for (const name of names) {
      for (const text of [atCounterOf(name), `at ${theName(name)} trailer`]) {
        expect(text, text).not.toMatch(DOUBLED_ARTICLE);
        expect(text).toContain(name.trim().replace(/^the /, ""));
      }
    }
    expect(atCounterOf("The Green Bowl")).toBe("at The Green Bowl counter");
    expect(atCounterOf("Smash Stack")).toBe("at the Smash Stack counter");
  });

  it("counts agree with their nouns and verbs", () => {
    for (const count of [0, 1, 2, 11]) {
      const text = `${countOf(count, "dish", "dishes")} ${agrees(count, "matches", "match")} 'burger'`;
      expect(text, text).not.toMatch(BAD_PLURAL);
      expect(text, text).not.toMatch(/\b1 dish match\b|\b[02-9] dishes matches\b/);
    }
    expect(countOf(1, "item")).toBe("1 item");
    expect(countOf(3, "item")).toBe("3 items");
  });
});

/** Source text that puts a hard-coded 'the' before an interpolated name, or a count before a fixed plural. */
const SUSPECT = [
  {
    what: "a hard-coded 'the' before a name",
    pattern: /\bthe\{" "\}\s*\{[\w.?]*[nN]ame\}|\bthe \$\{[\w.?]*[nN]ame\}/,
  },
  {
    what: "a count before a fixed plural",
    pattern:
      /\{[\w.]*[cC]ount\} (items|dishes|orders)\b|\$\{[\w.]*[cC]ount\} (items|dishes|orders)\b/,
  },
  { what: "a fixed '1 dish match'", pattern: /dishes"\} match\b/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

it("no screen writes 'the' before a trailer's name or a fixed plural after a count", () => {
  const found: string[] = [];
  for (const file of sourceFiles("src")) {
    const text = readFileSync(file, "utf8");
    for (const { what, pattern } of SUSPECT) if (pattern.test(text)) found.push(`${file}: ${what}`);
  }
  expect(found).toEqual([]);
});
