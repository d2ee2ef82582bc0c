import type { Order } from "@contract/orders";
import { AddonList } from "@/components/AddonList";
import { formatPence } from "@/lib/money";
import { orderLineAddons } from "@/lib/order-display";

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
          <AddonList addons={orderLineAddons(item)} label={`Add-ons for ${item.name}`} />
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
