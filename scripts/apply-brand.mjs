#!/usr/bin/env node
// Copies the brand's name, locale and colours (src/brand.json) into the two files the browser reads before any
// script runs: manifest.webmanifest and index.html (its title, theme colour, lang, and every element marked
// `data-brand-name` in the first-paint shell). Run after editing src/brand.json; tests/unit/manifest.test.ts
// fails while they disagree. `--root <folder>` works on another copy of the project (the tests use one).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const rootArg = process.argv.indexOf("--root");
const root =
  rootArg > 0
    ? pathToFileURL(`${path.resolve(process.argv[rootArg + 1])}/`)
    : new URL("../", import.meta.url);
const brand = JSON.parse(fs.readFileSync(new URL("src/brand.json", root), "utf8"));

const manifestFile = new URL("manifest.webmanifest", root);
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
Object.assign(manifest, {
  name: brand.appName,
  short_name: brand.shortName,
  lang: brand.locale,
  theme_color: brand.colors.primary,
  background_color: brand.colors.bg,
});
fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const htmlFile = new URL("index.html", root);
const html = fs
  .readFileSync(htmlFile, "utf8")
  .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.appName)}</title>`)
  .replace(
    /<meta name="theme-color" content="[^"]*" \/>/,
    `<meta name="theme-color" content="${brand.colors.primary}" />`,
  )
  .replace(/<html lang="[^"]*">/, `<html lang="${brand.locale}">`)
  // The shell's name (brand, loading text, sign-in card, noscript): every element marked data-brand-name.
  .replace(
    /(<[a-z]+[^>]*\sdata-brand-name[^>]*>)[^<]*(<\/)/g,
    (_match, open, close) => `${open}${escapeHtml(brand.appName)}${close}`,
  );
fs.writeFileSync(htmlFile, html);
console.log(`manifest.webmanifest and index.html now carry ${brand.appName}'s name and colours`);
