import type { QueryClient } from "@tanstack/react-query";

/** Pages whose first screen is the vendor list (/vendors, and the home page's open trailers). */
const VENDOR_LIST_PAGES = new Set(["/", "/vendors"]);
/** The vendor cards drawn first, whose pictures are fetched as soon as the list is known (the LCP image). */
const FIRST_PICTURES = 2;

function preloadPicture(href: string): void {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = href;
  link.setAttribute("fetchpriority", "high");
  document.head.append(link);
}

/**
 * The first request a screen needs, started at boot beside the page's own chunk instead of after it has loaded
 * and rendered (no waterfall). The vendor list is public: it need not wait for the sign-in check either. Its first
 * pictures start loading as soon as it arrives, while the page's code may still be on its way.
 */
export function startEarlyQueries(client: QueryClient, pathname: string): void {
  if (!VENDOR_LIST_PAGES.has(pathname)) return;
  void import("../features/vendors/api/vendors-api")
    .then(({ vendorListQuery }) => client.fetchQuery(vendorListQuery(1)))
    .then((list) => {
      for (const vendor of list.vendors.slice(0, FIRST_PICTURES)) preloadPicture(vendor.image);
    })
    .catch(() => undefined);
}
