import { formatPence } from "../lib/money";

/** One chosen add-on as every screen names it (spec: group, name, quantity, price). */
export interface AddonEntry {
  key: string;
  group: string;
  name: string;
  quantity: number;
  /** Price of one, in pence. */
  unitPricePence: number;
  /** The chosen portion size: its price is the dish's price, not an extra, so it reads without a '+'. */
  isPortion?: boolean;
}

/**
 * The chosen add-ons of one line, each named with its group, quantity and price, always visible (no tap): used by
 * cart lines, the cash and confirmation screens, order details and the staff board.
 */
export function AddonList({ addons, label }: { addons: readonly AddonEntry[]; label?: string }) {
  if (addons.length === 0) return null;
  return (
    <ul className="addon-list" aria-label={label ?? "Add-ons"}>
      {addons.map((addon) => (
        <li key={addon.key} className="addon-list__row">
          <span className="addon-list__group">{addon.group}:</span>{" "}
          <span className="addon-list__name">
            {addon.name} × {addon.quantity}
          </span>{" "}
          <span className="addon-list__price">
            {addon.isPortion
              ? formatPence(addon.unitPricePence)
              : addon.unitPricePence > 0
                ? `+${formatPence(addon.unitPricePence * addon.quantity)}`
                : "Free"}
          </span>
        </li>
      ))}
    </ul>
  );
}
