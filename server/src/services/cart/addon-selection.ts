/**
 * The add-on group rules the server enforces on every cart write, whatever the client sends.
 * Pure: groups in, chosen add-ons (with database prices) out, or a 400 naming the problem.
 */
import { ADDON_QUANTITY_PER_SELECTION } from "@contract/limits";
import { requiredGroupMessage } from "@contract/messages";
import type { AddonGroupWithAddons } from "@server/db/repositories/menu.js";
import { InvalidInput } from "@server/domain-errors.js";

export interface AddonSelection {
  addonGroupId: number;
  addonId: number;
  quantity: number;
}

export interface ChosenAddon {
  addonId: number;
  groupId: number;
  groupName: string;
  name: string;
  pricePence: number;
}

/** How many choices a group needs: a required flag alone means at least one. */
export function requiredMinimum(
  group: Pick<AddonGroupWithAddons, "is_required" | "min_quantity">,
): number {
  if (group.min_quantity > 0) return group.min_quantity;
  return group.is_required ? 1 : 0;
}

function chooseOne(
  itemName: string,
  groups: readonly AddonGroupWithAddons[],
  selection: AddonSelection,
): ChosenAddon {
  const group = groups.find((candidate) => candidate.id === selection.addonGroupId);
  if (!group)
    throw new InvalidInput(
      `Add-on group ${selection.addonGroupId} is not an option of ${itemName}`,
    );
  const addon = group.addons.find((candidate) => candidate.id === selection.addonId);
  if (!addon)
    throw new InvalidInput(
      `Add-on ${selection.addonId} is not an option of ${group.name} for ${itemName}`,
    );
  if (selection.quantity !== ADDON_QUANTITY_PER_SELECTION) {
    throw new InvalidInput(
      `${addon.name} can be chosen once (quantity ${ADDON_QUANTITY_PER_SELECTION})`,
    );
  }
  return {
    addonId: addon.id,
    groupId: group.id,
    groupName: group.name,
    name: addon.name,
    pricePence: addon.price_pence,
  };
}

/** Checks selections against the item's groups; returns the chosen add-ons in menu order. */
export function checkAddonSelections(
  itemName: string,
  groups: readonly AddonGroupWithAddons[],
  selections: readonly AddonSelection[],
): ChosenAddon[] {
  const chosen = new Map<number, ChosenAddon>();
  for (const selection of selections) {
    const addon = chooseOne(itemName, groups, selection);
    if (chosen.has(addon.addonId))
      throw new InvalidInput(`${addon.name} was chosen more than once`);
    chosen.set(addon.addonId, addon);
  }
  const inMenuOrder: ChosenAddon[] = [];
  for (const group of groups) {
    const picked = group.addons.flatMap((addon) => chosen.get(addon.id) ?? []);
    if (picked.length > group.max_quantity) {
      throw new InvalidInput(`${group.name}: choose at most ${group.max_quantity} option(s)`);
    }
    const minimum = requiredMinimum(group);
    if (picked.length < minimum) throw new InvalidInput(requiredGroupMessage(group.name, minimum));
    inMenuOrder.push(...picked);
  }
  return inMenuOrder;
}
