/** Vendor and menu rules without zod, for the client's first screens. */
export const PRICE_CATEGORIES = ["under_10", "10_to_20", "over_20"] as const;

export const PORTION_GROUP = "Choose Portion Size";
export const FREQUENTLY_BOUGHT_GROUP = "Frequently Bought Together";

/** Spec: open if the status text contains 'open' or 'active'. */
export const isVendorOpen = (status: string) => /open|active/i.test(status);
