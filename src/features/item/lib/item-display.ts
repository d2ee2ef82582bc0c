import type { CartItem } from "@contract/cart";
import type { Selection } from "./addon-rules";

const BADGE_LABELS: Record<string, string> = {
  best_seller: "Best Seller",
  most_favourite: "Most Favourite",
};

/** The spec's decorative badges 'Best Seller' and 'Most Favourite': shown on every item page, both. */
export const ITEM_BADGES = ["best_seller", "most_favourite"] as const;

/** 'best_seller' → 'Best Seller'; labels the server already spells out pass through. */
export const badgeLabel = (badge: string) => BADGE_LABELS[badge] ?? badge;

const lineAddonIds = (line: CartItem) =>
  line.addons
    .flatMap((group) => group.addons.map((addon) => addon.addonId))
    .sort((a, b) => a - b)
    .join(",");

/**
 * The cart line the item page's stepper and allergy note act on: the line with exactly the chosen
 * add-ons when there is one, else the newest line of this item.
 */
export function targetLine(
  lines: readonly CartItem[],
  chosenAddonIds: readonly number[],
): CartItem | undefined {
  const wanted = [...chosenAddonIds].sort((a, b) => a - b).join(",");
  return lines.findLast((line) => lineAddonIds(line) === wanted) ?? lines.at(-1);
}

/** A cart line's add-ons as a selection, so an item opened from the cart shows what the customer chose. */
export function selectionOfLine(line: CartItem): Selection {
  const selection: Record<number, number[]> = {};
  for (const group of line.addons)
    selection[group.groupId] = group.addons.map((addon) => addon.addonId);
  return selection;
}
