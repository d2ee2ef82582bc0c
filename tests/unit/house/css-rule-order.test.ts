/**
 * A media query's rule only wins over the base rule of the same selector when it comes after it: with equal
 * specificity the later rule wins. A wide-screen rule placed above its base rule is silently dead (the trailer
 * hero's logo was cut in half on desktop, its padding ignored). Every stylesheet under src/ keeps its media rules
 * after the base rules they override.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

interface Rule {
  media: string | null;
  selector: string;
  properties: Set<string>;
  position: number;
}

function stylesheets(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith(".css") ? [full] : [];
  });
}

/** The plain style rules of a stylesheet, each selector on its own, with the media query it sits in. */
function styleRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const read = (text: string, media: string | null, offset: number) => {
    let at = 0;
    while (at < text.length) {
      const open = text.indexOf("{", at);
      if (open < 0) return;
      const head = text.slice(at, open).trim();
      let depth = 1;
      let end = open + 1;
      while (depth > 0 && end < text.length) {
        if (text[end] === "{") depth += 1;
        else if (text[end] === "}") depth -= 1;
        end += 1;
      }
      const body = text.slice(open + 1, end - 1);
      if (head.startsWith("@media")) read(body, head, offset + open + 1);
      else if (!head.startsWith("@")) {
        const properties = new Set([...body.matchAll(/([a-z-]+)\s*:/g)].map((match) => match[1]!));
        for (const selector of head.split(",").map((part) => part.trim()))
          rules.push({ media, selector, properties, position: offset + open });
      }
      at = end;
    }
  };
  read(css.replace(/\/\*[\s\S]*?\*\//g, ""), null, 0);
  return rules;
}

/** "file: @media … .selector: property" for each media rule a later base rule overrides. */
function deadMediaRules(file: string, css: string): string[] {
  const rules = styleRules(css);
  return rules
    .filter((rule) => rule.media !== null)
    .flatMap((rule) =>
      rules
        .filter((later) => later.media === null && later.selector === rule.selector)
        .filter((later) => later.position > rule.position)
        .flatMap((later) => [...rule.properties].filter((name) => later.properties.has(name)))
        .map((name) => `${file}: ${rule.media} ${rule.selector}: ${name}`),
    );
}

describe("stylesheets' rule order", () => {
  it("finds a media rule that a later base rule overrides", () => {
    const css =
      "@media (min-width: 900px) { .logo { bottom: 16px; } }\n.logo { bottom: -30px; left: 0; }";
    expect(deadMediaRules("example.css", css)).toEqual([
      "example.css: @media (min-width: 900px) .logo: bottom",
    ]);
    expect(
      deadMediaRules(
        "example.css",
        ".logo { bottom: -30px; }\n@media (min-width: 900px) { .logo { bottom: 16px; } }",
      ),
    ).toEqual([]);
  });

  it("keeps every media rule in src/ after the base rules it overrides", () => {
    const dead = stylesheets(path.join(root, "src")).flatMap((file) =>
      deadMediaRules(path.relative(root, file), fs.readFileSync(file, "utf8")),
    );
    expect(dead).toEqual([]);
  });
});
