import type { Order } from "../../../../contract/orders";
import { formatPence, poundsToPence } from "../../../lib/money";

/** Items with total, quantity × price, description, special instructions and add-ons. */
export function OrderItemsList({ items }: { items: Order["items"] }) {
  return (
    <ul className="order-items">
      {items.map((item) => (
        <li key={item.id} className="order-items__item">
          <div className="order-items__row">
            <span className="order-items__name">{item.name}</span>
            <span className="order-items__total">{formatPence(item.totalPence)}</span>
          </div>
          <p className="order-items__qty">
            {item.quantity} × {formatPence(item.pricePence)}
          </p>
          {item.description && <p className="order-items__description">{item.description}</p>}
          {item.addons.length > 0 && (
            <ul className="order-items__addons" aria-label={`Add-ons for ${item.name}`}>
              {item.addons.map((addon) => (
                <li key={`${addon.group_id}-${addon.id}`}>
                  <span>
                    {addon.group_name ? `${addon.group_name}: ` : ""}
                    {addon.name}
                    {addon.quantity > 1 ? ` × ${addon.quantity}` : ""}
                  </span>
                  {addon.price > 0 && <span>+{formatPence(poundsToPence(addon.total))}</span>}
                </li>
              ))}
            </ul>
          )}
          {item.special_instructions && (
            <p className="order-items__note">
              <strong>Special instructions:</strong> {item.special_instructions}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
