import type { QueryClient } from "@tanstack/react-query";

/** Pages whose first screen is the vendor list (/vendors, and the home page's open trailers). */
const VENDOR_LIST_PAGES = new Set(["/", "/vendors"]);

/**
 * The first request a screen needs, started at boot beside the page's own chunk instead of after it has loaded
 * and rendered (no waterfall). The vendor list is public: it need not wait for the sign-in check either.
 */
export function startEarlyQueries(client: QueryClient, pathname: string): void {
  if (VENDOR_LIST_PAGES.has(pathname)) {
    void import("../features/vendors/api/vendors-api")
      .then(({ vendorListQuery }) => client.prefetchQuery(vendorListQuery(1)))
      .catch(() => undefined);
  }
}
