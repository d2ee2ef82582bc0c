import type { AddonGroup, MenuItem, Vendor } from "@contract/vendors";
import type { KnownAddon, KnownItem, KnownVendor } from "@/features/cart/lib/optimistic-cart";

/** What the menu showed of an item: an add made offline is drawn in the cart from it until the server prices it. */
export const knownItem = (item: MenuItem): KnownItem => ({
  name: item.name,
  description: item.description,
  image: item.image,
  pricePence: item.pricePence,
});

export const knownVendor = (vendor: Vendor | undefined): KnownVendor | undefined =>
  vendor
    ? { id: vendor.id, name: vendor.name, preparationTime: vendor.preparationTime }
    : undefined;

/** The chosen add-ons with the names and prices the item page showed. */
export function knownAddons(
  groups: readonly AddonGroup[],
  selections: readonly { addonGroupId: number; addonId: number }[],
): KnownAddon[] {
  return selections.flatMap((selection) => {
    const group = groups.find((candidate) => candidate.id === selection.addonGroupId);
    const addon = group?.addons.find((candidate) => candidate.id === selection.addonId);
    return group && addon
      ? [
          {
            groupId: group.id,
            groupName: group.name,
            addonId: addon.id,
            name: addon.name,
            pricePence: addon.pricePence,
          },
        ]
      : [];
  });
}
