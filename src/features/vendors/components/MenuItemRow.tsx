import { dishAllergenLine } from "@contract/allergens";
import type { MenuItem } from "@contract/vendors";
import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { ItemImage } from "@/components/ItemImage";
import { QuantityStepper } from "@/components/QuantityStepper";
import { Spinner } from "@/components/Spinner";
import { numericId } from "@/lib/ids";
import { formatPence } from "@/lib/money";
import type { MenuCartControls } from "./menu-cart-controls";

interface Props {
  item: MenuItem;
  vendorId: number;
  cart: MenuCartControls;
  /** The vendor is closed: the menu can be read but not ordered from. */
  ordering: boolean;
  eagerImage: boolean;
  onAdd: (item: MenuItem) => void;
}

function AddControl({ item, vendorId, cart, ordering, onAdd }: Omit<Props, "eagerImage">) {
  const navigate = useNavigate();
  const menuItemId = numericId(item.id);
  const quantity = cart.quantityOf(menuItemId);
  // Pressed here: the stepper that replaces the button keeps the focus.
  const pressed = useRef(false);

  // Sold out first: a sold-out item is also not `available`, and says why.
  if (item.soldOut) return <span className="menu-item__unavailable">Sold out</span>;
  if (!item.available) return <span className="menu-item__unavailable">Unavailable</span>;
  // Paused or closed: nothing to add; what is already in the cart is said, not offered.
  if (!ordering)
    return quantity > 0 ? <span className="menu-item__in-cart">{quantity} in cart</span> : null;
  if (quantity > 0) {
    return (
      <QuantityStepper
        quantity={quantity}
        itemName={item.name}
        busy={cart.isBusy(menuItemId)}
        disabled={!ordering}
        onDecrease={() => cart.step(item, -1)}
        onIncrease={() => cart.step(item, 1)}
        takeFocus={pressed.current}
      />
    );
  }
  const adding = cart.isAdding(menuItemId);
  // Items with required add-on groups cannot be added from the list: the customer picks options first.
  const onClick = () => {
    if (item.has_required_addongroups) return navigate(`/vendor/${vendorId}/item/${menuItemId}`);
    pressed.current = true;
    onAdd(item);
  };
  return (
    <button
      type="button"
      className="add-btn"
      onClick={onClick}
      disabled={adding || !ordering}
      aria-label={adding ? `Adding ${item.name}` : `Add ${item.name}`}
    >
      {adding ? (
        <>
          <Spinner size={14} />
          <span>Adding...</span>
        </>
      ) : (
        <span>+ Add</span>
      )}
    </button>
  );
}

/** Image, name, description, price, allergens in words; the row opens the item, the button adds it. */
export function MenuItemRow({ item, vendorId, cart, ordering, eagerImage, onAdd }: Props) {
  const allergens = dishAllergenLine(item.allergens);
  const to = `/vendor/${vendorId}/item/${numericId(item.id)}`;
  return (
    <li className="menu-item">
      <ItemImage
        className="menu-item__image"
        src={item.image}
        width={96}
        height={96}
        loading={eagerImage ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="menu-item__head">
        <h3 className="menu-item__name">
          <Link to={to} className="menu-item__link">
            {item.name}
          </Link>
        </h3>
        <span className="menu-item__price">{formatPence(item.pricePence)}</span>
      </div>
      <p className="menu-item__description">{item.description}</p>
      <div className="menu-item__foot">
        <div className="menu-item__notes">
          {allergens && <span className="menu-item__allergens">{allergens}</span>}
          {item.has_addongroups && (
            <span className="menu-item__options">
              {item.has_required_addongroups ? "Choose options" : "Options available"}
            </span>
          )}
        </div>
        <div className="menu-item__action">
          <AddControl
            item={item}
            vendorId={vendorId}
            cart={cart}
            ordering={ordering}
            onAdd={onAdd}
          />
        </div>
      </div>
    </li>
  );
}
