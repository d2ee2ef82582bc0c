import fs from "node:fs";
import zlib from "node:zlib";
import { TEST_PAYMENTS_BANNER, TEST_PAYMENTS_BANNER_DETAIL } from "@contract/messages";
import { type SerialisedBody, serialiseBytes } from "../lib/serialised-body.js";

export interface ShellFacts {
  /** Card payments move no real money here: the shell paints the "Test payments" banner with the page. */
  testPayments: boolean;
  /**
   * The pictures of the first trailers the page will list (the trailer list): drawn in the skeleton cards where
   * their cards will be, the first one preloaded, so the largest thing on a phone's screen does not wait for the app.
   */
  trailerPictures?: readonly string[];
}

// The card icon of src/components/Icon.tsx, as the app's banner draws it.
const CARD_ICON =
  '<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<path d="M3 6h18v12H3zM3 10h18M7 15h3"/></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SKELETON_CARD = '<div class="fp-card"><i></i>';
/** The shell's skeleton cards with a picture: the app's cards load the first two eagerly, with high priority. */
function withTrailerPictures(html: string, pictures: readonly string[]): string {
  let index = 0;
  const cards = html.replaceAll(SKELETON_CARD, (card) => {
    const picture = pictures[index];
    const eager = index++ < 2;
    if (picture === undefined) return card;
    return (
      `<div class="fp-card"><img src="${escapeHtml(picture)}" alt="" width="640" height="360"` +
      `${eager ? ' fetchpriority="high"' : ""}>`
    );
  });
  const first = pictures[0];
  if (first === undefined) return cards;
  return cards.replace(
    "</head>",
    `  <link rel="preload" as="image" href="${escapeHtml(first)}" fetchpriority="high">\n  </head>`,
  );
}

/** The banner src/components/TestPaymentsBanner.tsx renders, in the shell's critical CSS (index.html's `.fp-pay`). */
function testPaymentsBanner(className: string): string {
  return (
    `<div class="${className}">${CARD_ICON}<span><strong>${escapeHtml(TEST_PAYMENTS_BANNER)}</strong>` +
    ` — ${escapeHtml(TEST_PAYMENTS_BANNER_DETAIL)}</span></div>`
  );
}

/**
 * A built shell page (index.html or shell-auth.html) with what this server knows before any script runs written
 * into it, then serialised once: its bytes, a strong validator and brotli and gzip copies. A fact that changes the
 * layout (the test-payments banner) must be in the first paint, or the app's first render would push the page
 * down when it learns it (a layout shift, and a late largest paint).
 */
export function shellPage(file: string, facts: ShellFacts): SerialisedBody {
  let html = fs.readFileSync(file, "utf8");
  if (facts.trailerPictures?.length) html = withTrailerPictures(html, facts.trailerPictures);
  if (facts.testPayments) {
    html = html
      .replace("<html ", "<html data-test-payments ")
      .replace("<!--test-payments-banner-->", testPaymentsBanner("fp-pay"))
      .replace("<!--test-payments-banner:auth-->", testPaymentsBanner("fp-pay fp-pay--auth"));
  }
  return serialiseBytes(Buffer.from(html), {
    contentType: "text/html; charset=utf-8",
    brotliQuality: zlib.constants.BROTLI_MAX_QUALITY,
    gzipLevel: 9,
  });
}
