#!/usr/bin/env node
// Copies the brand's name, locale, colours and logo (src/brand.json) into the two files the browser reads before any
// script runs: manifest.webmanifest and index.html (its title, theme colour, lang, every element marked
// `data-brand-name` in the first-paint shell, and the logo's drawing as the page's `#brand-logo` symbol). Run after
// editing src/brand.json; tests/unit/manifest.test.ts fails while they disagree. `--root <folder>` works on another
// copy of the project (the tests use one).
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

/**
 * The logo file (an SVG under public/) as a <symbol> the shell and the app draw with <use href="#brand-logo">. It is
 * inline because an <img> of an SVG file costs the page a document of its own to draw it, a main-thread task of
 * several milliseconds on a phone. The mark is decorative beside the brand's name, so its title is dropped.
 */
function logoSymbol() {
  const svg = fs.readFileSync(new URL(`public${brand.logo}`, root), "utf8");
  const viewBox = svg.match(/<svg[^>]*\sviewBox="([^"]+)"/)?.[1];
  if (!brand.logo.endsWith(".svg") || !viewBox)
    throw new Error(`src/brand.json's logo must be an SVG file with a viewBox: ${brand.logo}`);
  const drawing = svg
    .replace(/^[\s\S]*?<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/<(title|desc)>[\s\S]*?<\/\1>/g, "")
    .replace(/\s*\n\s*/g, "");
  return `<symbol id="brand-logo" viewBox="${viewBox}">${drawing}</symbol>`;
}

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
fs.writeFileSync(
  htmlFile,
  html.replace(/<symbol id="brand-logo"[^>]*>[\s\S]*?<\/symbol>/, logoSymbol()),
);
console.log(
  `manifest.webmanifest and index.html now carry ${brand.appName}'s name, colours and logo`,
);
