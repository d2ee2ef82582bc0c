import { type AllergenId, mergeAllergens } from "@contract/allergens";
import { ADDON_QUANTITY_PER_SELECTION } from "@contract/limits";
import { requiredGroupMessage } from "@contract/messages";
import { isPortionGroup as isPortionGroupName, unitPrice } from "@contract/pricing";
import { FREQUENTLY_BOUGHT_GROUP } from "@contract/vendor-rules";
import type { AddonGroup } from "@contract/vendors";

/**
 * The add-on group rules of spec sections 2, 4 and 5, free of React so they can be tested alone.
 * A selection maps a group id to the chosen add-on ids; every chosen add-on has quantity 1.
 */
export type Selection = Readonly<Record<number, readonly number[]>>;

export const isPortionGroup = (group: Pick<AddonGroup, "name">) => isPortionGroupName(group.name);
export const isFrequentlyBoughtGroup = (group: Pick<AddonGroup, "name">) =>
  group.name === FREQUENTLY_BOUGHT_GROUP;

/** 'Choose Portion Size' (sets the base price), the listed groups, and 'Frequently Bought Together' (kept out of the list). */
export function splitGroups(groups: readonly AddonGroup[]) {
  return {
    portion: groups.find(isPortionGroup) ?? null,
    listed: groups.filter((group) => !isPortionGroup(group) && !isFrequentlyBoughtGroup(group)),
    frequentlyBought: groups.find(isFrequentlyBoughtGroup) ?? null,
  };
}

/** min 1 and max 1: radio buttons; anything else: checkboxes. */
export const usesRadio = (group: AddonGroup) =>
  group.min_quantity === 1 && group.max_quantity === 1;

/** The least a group needs: its min, and at least 1 when it is flagged required. */
export const requiredMinimum = (group: AddonGroup) =>
  Math.max(group.min_quantity, group.is_required ? 1 : 0);

export const isRequiredGroup = (group: AddonGroup) => requiredMinimum(group) > 0;

/** 'Choose min to max' when min is above 0. */
export const groupHint = (group: AddonGroup) =>
  group.min_quantity > 0 ? `Choose ${group.min_quantity} to ${group.max_quantity}` : null;

export const chosenIn = (selection: Selection, groupId: number): readonly number[] =>
  selection[groupId] ?? [];
export const selectedCount = (selection: Selection, groupId: number) =>
  chosenIn(selection, groupId).length * ADDON_QUANTITY_PER_SELECTION;
export const isChosen = (selection: Selection, groupId: number, addonId: number) =>
  chosenIn(selection, groupId).includes(addonId);

/**
 * The product spec (docs/product-spec.md § States and transitions): every group except 'Choose Portion Size' starts with its flagged default add-ons
 * (quantity 1, never beyond the group's max); 'Frequently Bought Together' starts empty.
 */
export function defaultSelection(groups: readonly AddonGroup[]): Selection {
  const selection: Record<number, number[]> = {};
  for (const group of groups) {
    if (isPortionGroup(group) || isFrequentlyBoughtGroup(group)) continue;
    // A sold-out default is not preselected.
    const defaults = group.addons
      .filter((addon) => addon.default && !addon.soldOut)
      .map((addon) => addon.id);
    if (defaults.length > 0)
      selection[group.id] = defaults.slice(0, Math.max(group.max_quantity, 0));
  }
  return selection;
}

/**
 * A tap on an add-on: a max-1 group replaces its selection; other groups add until their max
 * (further taps do nothing) and remove on a second tap. A radio choice cannot be taken back.
 */
export function toggleAddon(selection: Selection, group: AddonGroup, addonId: number): Selection {
  const chosen = chosenIn(selection, group.id);
  if (chosen.includes(addonId)) {
    if (usesRadio(group)) return selection;
    return { ...selection, [group.id]: chosen.filter((id) => id !== addonId) };
  }
  if (group.max_quantity === 1) return { ...selection, [group.id]: [addonId] };
  if (selectedCount(selection, group.id) >= group.max_quantity) return selection;
  return { ...selection, [group.id]: [...chosen, addonId] };
}

/** A box is disabled once its group's max is reached (max-1 groups replace instead, so never). */
export const isAddonDisabled = (selection: Selection, group: AddonGroup, addonId: number) =>
  (group.addons.find((addon) => addon.id === addonId)?.soldOut === true &&
    !isChosen(selection, group.id, addonId)) ||
  (group.max_quantity !== 1 &&
    !isChosen(selection, group.id, addonId) &&
    selectedCount(selection, group.id) >= group.max_quantity);

export interface GroupError {
  groupId: number;
  message: string;
}

/** '{group} is required. Please select at least {min} option(s).' for each group short of its minimum. */
export function groupErrors(groups: readonly AddonGroup[], selection: Selection): GroupError[] {
  return groups
    .filter((group) => selectedCount(selection, group.id) < requiredMinimum(group))
    .map((group) => ({
      groupId: group.id,
      message: requiredGroupMessage(group.name, requiredMinimum(group)),
    }));
}

/** One unit's price: the chosen portion's full price (else the item's), plus every other chosen add-on (contract/pricing). */
export function unitPricePence(
  itemPricePence: number,
  groups: readonly AddonGroup[],
  selection: Selection,
): number {
  const chosen = chosenAddons(groups, selection).map(({ groupName, isPortion, addon }) => ({
    groupName,
    pricePence: isPortion ? addon.pricePence : addon.pricePence * ADDON_QUANTITY_PER_SELECTION,
  }));
  return unitPrice(itemPricePence, chosen).unitPricePence;
}

/** The add-with-addons payload, in the groups' order. */
export function addonSelections(groups: readonly AddonGroup[], selection: Selection) {
  return groups.flatMap((group) =>
    group.addons
      .filter((addon) => isChosen(selection, group.id, addon.id))
      .map((addon) => ({
        addonGroupId: group.id,
        addonId: addon.id,
        quantity: ADDON_QUANTITY_PER_SELECTION,
      })),
  );
}

/** Every chosen add-on id, sorted: compared with a cart line's to find the same configuration. */
export const chosenAddonIds = (selection: Selection) =>
  Object.values(selection)
    .flat()
    .sort((a, b) => a - b);

/** One chosen add-on with its group (portion size included), in the item's group order. */
export interface ChosenAddon {
  groupName: string;
  isPortion: boolean;
  addon: AddonGroup["addons"][number];
}

export function chosenAddons(groups: readonly AddonGroup[], selection: Selection): ChosenAddon[] {
  return groups.flatMap((group) =>
    group.addons
      .filter((addon) => isChosen(selection, group.id, addon.id))
      .map((addon) => ({ groupName: group.name, isPortion: isPortionGroup(group), addon })),
  );
}

/**
 * What the customer is about to add, in words: the extras chosen (pre-selected defaults included; the portion is
 * the size, not an extra) and their allergens, e.g. 'Includes: Garlic & herb mayo · Contains: Eggs, Mustard'.
 * The dish's allergens with every chosen add-on's: what the Allergens panel lists.
 */
export function selectionSummary(
  itemAllergens: readonly AllergenId[],
  groups: readonly AddonGroup[],
  selection: Selection,
) {
  const chosen = chosenAddons(groups, selection);
  const extras = chosen.filter((entry) => !entry.isPortion);
  const extrasAllergens = mergeAllergens(...extras.map((entry) => entry.addon.allergens));
  const allergens = mergeAllergens(itemAllergens, ...chosen.map((entry) => entry.addon.allergens));
  /** Allergens only the choices bring (not in the dish itself), each with the add-ons that bring it. */
  const addedBy = new Map<AllergenId, string[]>();
  for (const entry of chosen) {
    for (const id of entry.addon.allergens) {
      if (itemAllergens.includes(id)) continue;
      addedBy.set(id, [...(addedBy.get(id) ?? []), entry.addon.name]);
    }
  }
  /** Every chosen add-on's allergen list (portion included), for contract/allergens.ts dishAllergenLine. */
  const chosenAllergens = chosen.map((entry) => entry.addon.allergens);
  return { extras, extrasAllergens, allergens, addedBy, chosenAllergens };
}
