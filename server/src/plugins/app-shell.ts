import fs from "node:fs";
import zlib from "node:zlib";
import { TEST_PAYMENTS_BANNER, TEST_PAYMENTS_BANNER_DETAIL } from "@contract/messages";
import { type SerialisedBody, serialiseBytes } from "../lib/serialised-body.js";

/** One of the first trailers the trailer list shows, as its skeleton card draws it before the app. */
export interface ShellTrailer {
  picture: string;
  /** The card has its trading line ('Busy — back at 12:45', 'Closes 21:00'): the skeleton keeps its room. */
  tradingLine: boolean;
}

export interface ShellFacts {
  /** Card payments move no real money here: the shell paints the "Test payments" banner with the page. */
  testPayments: boolean;
  /**
   * The first trailers the page will list (the trailer list): their pictures drawn in the skeleton cards where their
   * cards will be, the first one preloaded, so the largest thing on a phone's screen does not wait for the app; and
   * the room of a card's trading line kept, so the cards below do not move when the app draws it.
   */
  firstTrailers?: readonly ShellTrailer[];
}

// The card icon of src/components/Icon.tsx, as the app's banner draws it.
const CARD_ICON =
  '<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<path d="M3 6h18v12H3zM3 10h18M7 15h3"/></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A skeleton card: its picture's box, then (in index.html) its body's bars, the name's first.
const SKELETON_CARD = /<div class="fp-card"><i><\/i>(<div><b><\/b>)?/g;
/** The skeleton card's bar for a trading line, after the name's (index.html's `.fp-card b.fp-tl`). */
const TRADING_LINE_BAR = '<b class="fp-tl"></b>';

/** The shell's skeleton cards with a trailer's picture: the app's cards load the first two eagerly, with high priority. */
function withFirstTrailers(html: string, trailers: readonly ShellTrailer[]): string {
  let index = 0;
  const cards = html.replaceAll(SKELETON_CARD, (card, nameBar: string | undefined) => {
    const trailer = trailers[index];
    const eager = index++ < 2;
    if (trailer === undefined) return card;
    const picture =
      `<div class="fp-card"><img src="${escapeHtml(trailer.picture)}" alt="" width="640" height="360"` +
      `${eager ? ' fetchpriority="high"' : ""}>`;
    if (nameBar === undefined) return picture;
    return picture + nameBar + (trailer.tradingLine ? TRADING_LINE_BAR : "");
  });
  const first = trailers[0];
  if (first === undefined) return cards;
  return cards.replace(
    "</head>",
    `  <link rel="preload" as="image" href="${escapeHtml(first.picture)}" fetchpriority="high">\n  </head>`,
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
  if (facts.firstTrailers?.length) html = withFirstTrailers(html, facts.firstTrailers);
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
