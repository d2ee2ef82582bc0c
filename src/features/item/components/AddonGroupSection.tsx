import type { AddonGroup } from "@contract/vendors";
import { containsLine } from "@/lib/allergens";
import { formatPence } from "@/lib/money";
import {
  groupHint,
  isAddonDisabled,
  isChosen,
  isRequiredGroup,
  type Selection,
  usesRadio,
} from "../lib/addon-rules";

interface Props {
  group: AddonGroup;
  selection: Selection;
  onToggle: (group: AddonGroup, addonId: number) => void;
  /** The required-group message when the customer tried to add without it. */
  error: string | null;
  /** 'full' for 'Choose Portion Size' (each option is the item's whole price); 'extra' shows +£x.xx. */
  priceMode?: "full" | "extra";
}

function priceText(pricePence: number, mode: "full" | "extra") {
  if (mode === "full") return formatPence(pricePence);
  return pricePence > 0 ? `+${formatPence(pricePence)}` : null;
}

/** One add-on group: title, 'Choose min to max', 'Required' / 'Please select', radio or checkbox options. */
export function AddonGroupSection({
  group,
  selection,
  onToggle,
  error,
  priceMode = "extra",
}: Props) {
  const radio = usesRadio(group);
  const hint = groupHint(group);
  const errorId = `addon-group-${group.id}-error`;
  return (
    <fieldset
      className={`addon-group${error ? " addon-group--error" : ""}`}
      id={`addon-group-${group.id}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="addon-group__legend">
        <span className="addon-group__title">{group.name}</span>
        <span className="addon-group__badges">
          {error ? (
            <span className="badge badge--danger">Please select</span>
          ) : (
            isRequiredGroup(group) && <span className="badge badge--warning">Required</span>
          )}
        </span>
        {hint && <span className="addon-group__hint">{hint}</span>}
        {!hint && group.max_quantity > 1 && (
          <span className="addon-group__hint">Choose up to {group.max_quantity}</span>
        )}
      </legend>
      {error && (
        <p id={errorId} className="addon-group__error" role="alert">
          {error}
        </p>
      )}
      <ul className="addon-options">
        {group.addons.map((addon) => {
          const checked = isChosen(selection, group.id, addon.id);
          const disabled = isAddonDisabled(selection, group, addon.id);
          const price = priceText(addon.pricePence, priceMode);
          const allergens = containsLine(addon.allergens);
          return (
            <li key={addon.id}>
              <label className={`addon-option${disabled ? " addon-option--disabled" : ""}`}>
                <input
                  type={radio ? "radio" : "checkbox"}
                  name={`addon-group-${group.id}`}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onToggle(group, addon.id)}
                />
                <span className="addon-option__text">
                  <span className="addon-option__name">{addon.name}</span>
                  {addon.soldOut && <small className="addon-option__sold-out">Sold out</small>}
                  {addon.description && <small>{addon.description}</small>}
                  {allergens && <small className="addon-option__allergens">{allergens}</small>}
                </span>
                {price && <span className="addon-option__price">{price}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
