/** Vendor and menu rules without zod, for the client's first screens. */
export const PRICE_CATEGORIES = ["under_10", "10_to_20", "over_20"] as const;

export const PORTION_GROUP = "Choose Portion Size";
export const FREQUENTLY_BOUGHT_GROUP = "Frequently Bought Together";

/** Spec: open if the status text contains 'open' or 'active'. */
export const isVendorOpen = (status: string) => /open|active/i.test(status);

/** What decides whether a trailer's one trading line ('Busy — back at 12:45', 'Opens 11:00', 'Closes 21:00') shows. */
export interface TradingLineFacts {
  /** 'open', 'busy' (paused) or 'closed'. */
  status: string;
  opensAt?: string | null | undefined;
  closesAt?: string | null | undefined;
}

/**
 * A paused trailer always has its line; a closed one when it knows when it opens; an open one when it knows when it
 * closes. The app's cards draw the line and the server's shell keeps its room, so both ask here.
 */
export const hasTradingLine = (trailer: TradingLineFacts): boolean =>
  trailer.status === "busy" ||
  (trailer.status === "closed" ? Boolean(trailer.opensAt) : Boolean(trailer.closesAt));
