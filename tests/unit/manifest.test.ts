import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brand } from "@/lib/brand";

const root = path.resolve(import.meta.dirname, "../..");

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  screenshots: (ManifestIcon & { form_factor?: "narrow" | "wide"; label: string })[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}

const manifest: WebManifest = JSON.parse(
  fs.readFileSync(path.join(root, "manifest.webmanifest"), "utf8"),
);
const iconFile = (icon: ManifestIcon) => path.join(root, "public", icon.src.replace(/^\//, ""));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const purposes = (icon: ManifestIcon) => (icon.purpose ?? "any").split(/\s+/);

describe("manifest.webmanifest", () => {
  it("agrees with the brand configuration", () => {
    expect(manifest.name).toBe(brand.appName);
    expect(manifest.short_name).toBe(brand.shortName);
    expect(manifest.theme_color).toBe(brand.colors.primary);
    expect(manifest.background_color).toBe(brand.colors.bg);
  });

  it("opens standalone at the root of the site", () => {
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBe("/");
    expect(manifest.scope).toBe("/");
  });

  it("points only at icons that exist in public/", () => {
    for (const icon of manifest.icons) expect(fs.existsSync(iconFile(icon)), icon.src).toBe(true);
  });

  it.each([192, 512])("has a %i px PNG icon whose file really is that size", (size) => {
    const icons = manifest.icons.filter(
      (icon) => icon.sizes === `${size}x${size}` && icon.type === "image/png",
    );

    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons)
      expect(pngSize(iconFile(icon))).toEqual({ width: size, height: size });
  });

  it("has a maskable icon and a regular one", () => {
    expect(manifest.icons.some((icon) => purposes(icon).includes("maskable"))).toBe(true);
    expect(manifest.icons.some((icon) => purposes(icon).includes("any"))).toBe(true);
  });

  // The build links the manifest (vite.config.ts) so its URL stays unhashed; tests/e2e/shell.spec.ts checks the served page.
  it("has the theme colour of index.html, whose title is the brand's name (scripts/apply-brand.mjs copies both)", () => {
    const html = fs.readFileSync(path.join(root, "index.html"), "utf8");

    expect(html).toContain(`<meta name="theme-color" content="${brand.colors.primary}" />`);
    expect(html).toContain(`<title>${brand.appName}</title>`);
  });

  it("draws the brand's logo inline from index.html, its drawing copied from the logo file (scripts/apply-brand.mjs)", () => {
    const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
    const logo = fs.readFileSync(path.join(root, "public", brand.logo), "utf8");
    const symbol = html.match(/<symbol id="brand-logo" viewBox="([^"]+)">([\s\S]*?)<\/symbol>/);

    expect(symbol?.[1]).toBe(logo.match(/viewBox="([^"]+)"/)?.[1]);
    for (const shape of logo.match(/<(rect|circle|path)\b[^>]*>/g) ?? [])
      expect(symbol?.[2]).toContain(shape);
    // No page loads an SVG as an image: each would cost the page a document of its own to draw it.
    expect(html).not.toMatch(/<img[^>]+\.svg"|rel="icon"[^>]+\.svg"/);
    expect(manifest.icons.filter((icon) => icon.type === "image/svg+xml")).toEqual([]);
  });

  describe("the rich install sheet", () => {
    it("has a phone screenshot and a wide one, real PNGs of the size they claim (their bytes: the build's size gate)", () => {
      const byFactor = Object.fromEntries(
        manifest.screenshots.map((shot) => [shot.form_factor, shot]),
      );
      expect(Object.keys(byFactor).sort()).toEqual(["narrow", "wide"]);
      for (const shot of manifest.screenshots) {
        const [width, height] = shot.sizes.split("x").map(Number);
        expect(shot.type).toBe("image/png");
        expect(pngSize(iconFile(shot))).toEqual({ width, height });
        expect(shot.label.length).toBeGreaterThan(0);
      }
      const narrow = byFactor.narrow!.sizes.split("x").map(Number);
      const wide = byFactor.wide!.sizes.split("x").map(Number);
      expect(narrow[0]!).toBeLessThan(narrow[1]!); // portrait
      expect(wide[0]!).toBeGreaterThan(wide[1]!); // landscape
    });

    it("has the Trailers and My Orders shortcuts with 96 px icons", () => {
      expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
        ["Trailers", "/vendors"],
        ["My Orders", "/orders"],
      ]);
      for (const shortcut of manifest.shortcuts) {
        expect(shortcut.icons).toHaveLength(1);
        expect(pngSize(iconFile(shortcut.icons[0]!))).toEqual({ width: 96, height: 96 });
      }
    });
  });
});
