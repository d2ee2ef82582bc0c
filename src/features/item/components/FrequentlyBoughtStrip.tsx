import type { AddonGroup } from "@contract/vendors";
import { Icon } from "@/components/Icon";
import { containsLine } from "@/lib/allergens";
import { formatPence } from "@/lib/money";
import { isAddonDisabled, isChosen, type Selection } from "../lib/addon-rules";

/** 'Frequently Bought Together' stays out of the group list (spec); offered as a strip of extras that start unticked. */
export function FrequentlyBoughtStrip({
  group,
  selection,
  onToggle,
}: {
  group: AddonGroup;
  selection: Selection;
  onToggle: (group: AddonGroup, addonId: number) => void;
}) {
  if (group.addons.length === 0) return null;
  return (
    <section className="fbt" aria-labelledby="fbt-title">
      <h2 id="fbt-title" className="fbt__title">
        {group.name}
      </h2>
      <ul className="fbt__list">
        {group.addons.map((addon) => {
          const chosen = isChosen(selection, group.id, addon.id);
          const allergens = containsLine(addon.allergens);
          return (
            <li key={addon.id} className={`fbt__card${chosen ? " fbt__card--on" : ""}`}>
              <span className="fbt__name">{addon.name}</span>
              {allergens && <small className="fbt__allergens">{allergens}</small>}
              <span className="fbt__foot">
                {/* Prices show as +£x.xx only when above 0 (spec, add-on groups). */}
                {addon.pricePence > 0 && (
                  <span className="fbt__price">+{formatPence(addon.pricePence)}</span>
                )}
                <button
                  type="button"
                  className="fbt__toggle"
                  aria-pressed={chosen}
                  aria-label={`${chosen ? "Remove" : "Add"} ${addon.name}`}
                  disabled={isAddonDisabled(selection, group, addon.id)}
                  onClick={() => onToggle(group, addon.id)}
                >
                  <Icon name={chosen ? "check" : "plus"} size={18} />
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
