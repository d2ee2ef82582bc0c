// Draws the demo park's SVG pictures (public/images/vendors, public/images/items) once, with Chromium, into WebP
// files beside them. A browser builds a whole SVG document on the main thread for every <img> of an SVG (tens of
// milliseconds each on a slow phone, in the tasks that follow the first paint); a WebP is decoded off the main thread.
// Run after adding or changing a picture: `node scripts/pictures-to-webp.mjs` (rewrites every .webp). The demo park's
// data files point at the .webp; the SVGs stay as the source (and for data that still names them).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folders = ["public/images/vendors", "public/images/items"];
const QUALITY = 0.75;
/**
 * Pixels across: the largest each is shown at on a phone (a trailer's picture 640 × 360, its logo 56 × 56 at two device
 * pixels a CSS pixel); others keep their SVG's own size (a dish, 400 × 300).
 */
const widthFor = (name) =>
  name.endsWith("-hero.svg") ? 640 : name.endsWith("-logo.svg") ? 112 : undefined;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.goto("about:blank");
  for (const folder of folders) {
    for (const name of fs.readdirSync(path.join(root, folder)).sort()) {
      if (!name.endsWith(".svg")) continue;
      const svg = fs.readFileSync(path.join(root, folder, name), "utf8");
      const base64 = await page.evaluate(
        async ({ source, quality, wide }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
          await image.decode();
          const [, , width, height] = /viewBox="([\d.\s-]+)"/
            .exec(source)[1]
            .trim()
            .split(/\s+/)
            .map(Number);
          const across = wide ?? width;
          const down = Math.round((height * across) / width);
          const canvas = document.createElement("canvas");
          canvas.width = across;
          canvas.height = down;
          canvas.getContext("2d").drawImage(image, 0, 0, across, down);
          return canvas.toDataURL("image/webp", quality).split(",")[1];
        },
        { source: svg, quality: QUALITY, wide: widthFor(name) },
      );
      const out = path.join(root, folder, name.replace(/\.svg$/, ".webp"));
      fs.writeFileSync(out, Buffer.from(base64, "base64"));
      console.log(`${path.relative(root, out)}: ${fs.statSync(out).size} bytes`);
    }
  }
} finally {
  await browser.close();
}
