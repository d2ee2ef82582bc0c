/**
 * The brand's logo, drawn from the `#brand-logo` symbol the page itself holds (index.html, copied there from
 * src/brand.json's logo by scripts/apply-brand.mjs). Not an <img> of the SVG file: each SVG image costs the page a
 * document of its own to draw it, a main-thread task of several milliseconds on a phone. Decorative: the brand's
 * name is always beside it.
 */
export function BrandLogo({ size }: { size: number }) {
  return (
    <svg className="brand-logo" width={size} height={size} aria-hidden="true" focusable="false">
      <use href="#brand-logo" />
    </svg>
  );
}
