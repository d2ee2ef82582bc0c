import { dishAllergenLine } from "@contract/allergens";
import type { CartItem } from "@contract/cart";
import { PORTION_GROUP } from "@contract/vendor-rules";
import { Link } from "react-router";
import { type AddonEntry, AddonList } from "@/components/AddonList";
import { ItemImage } from "@/components/ItemImage";
import { QuantityStepper } from "@/components/QuantityStepper";
import { formatPence } from "@/lib/money";

interface Props {
  line: CartItem;
  vendorId: number;
  busy: boolean;
  /** An order is waiting to be sent with this cart: it cannot change meanwhile. */
  readOnly?: boolean;
  onQuantity: (quantity: number) => void;
}

/** The chosen portion sets the base price, so it reads as the item's size rather than as an add-on. */
const portionOf = (line: CartItem) =>
  line.addons.find((group) => group.groupName === PORTION_GROUP)?.addons[0]?.name ?? null;

/** The line's chosen add-ons (the portion aside), named one by one: open by default, collapsible (spec). */
function LineAddons({ line }: { line: CartItem }) {
  const addons: AddonEntry[] = line.addons
    .filter((group) => group.groupName !== PORTION_GROUP)
    .flatMap((group) =>
      group.addons.map((addon) => ({
        key: `${group.groupId}-${addon.addonId}`,
        group: group.groupName,
        name: addon.name,
        quantity: addon.quantity,
        unitPricePence: addon.pricePence,
      })),
    );
  if (addons.length === 0) return null;
  return (
    <details className="cart-line__addons" open>
      <summary>
        {addons.length} {addons.length === 1 ? "add-on" : "add-ons"} · +
        {formatPence(line.addonTotalPence)} each
      </summary>
      <AddonList addons={addons} label={`Add-ons of ${line.name}`} />
    </details>
  );
}

/** One cart line: name (links to the item), description, add-ons, allergy note, line total and stepper. */
export function CartLineCard({ line, vendorId, busy, readOnly = false, onQuantity }: Props) {
  return (
    <li className="cart-line">
      <ItemImage
        className="cart-line__image"
        src={line.image}
        width={72}
        height={72}
        loading="lazy"
      />
      <div className="cart-line__body">
        <div className="cart-line__head">
          <h3 className="cart-line__name">
            <Link to={`/vendor/${vendorId}/item/${line.menuItemId}?line=${line.lineId}`}>
              {line.name}
            </Link>
          </h3>
          <span className="cart-line__total">{formatPence(line.totalPricePence)}</span>
        </div>
        {portionOf(line) && <p className="cart-line__portion">{portionOf(line)}</p>}
        {line.description && <p className="cart-line__description">{line.description}</p>}
        <LineAddons line={line} />
        {/* A line written offline has no allergen data from the server yet: nothing rather than a guess. */}
        {(line.itemAllergens ?? line.allergens) && (
          <p className="line-allergens">
            {dishAllergenLine(
              line.itemAllergens ?? line.allergens,
              line.addons.flatMap((group) => group.addons.map((addon) => addon.allergens)),
            )}
          </p>
        )}
        {line.allergyInformation && (
          <p className="cart-line__note">
            <strong>Allergy note:</strong> {line.allergyInformation}
          </p>
        )}
        <div className="cart-line__foot">
          <span className="cart-line__unit">
            {formatPence(line.pricePence + line.addonTotalPence)} each
          </span>
          {line.soldOut ? (
            <span className="cart-line__sold-out">
              <span className="badge badge--danger">Sold out</span>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                disabled={busy || readOnly}
                onClick={() => onQuantity(0)}
                aria-label={`Remove ${line.name}`}
              >
                Remove
              </button>
            </span>
          ) : (
            <QuantityStepper
              quantity={line.quantity}
              itemName={line.name}
              busy={busy}
              disabled={readOnly}
              onDecrease={() => onQuantity(line.quantity - 1)}
              onIncrease={() => onQuantity(line.quantity + 1)}
            />
          )}
        </div>
      </div>
    </li>
  );
}
