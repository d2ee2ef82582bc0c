import type { AddonGroupsResponse, MenuItem, Vendor } from "@contract/vendors";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useCartActions } from "@/features/cart/hooks/use-cart-actions";
import { linesForItem, totalQuantity } from "@/features/cart/lib/cart-summary";
import { itemKeys } from "@/features/item/api/item-api";
import { ItemDetailPage } from "@/features/item/components/ItemDetailPage";
import type { ItemCartControls } from "@/features/item/components/item-cart-controls";
import { vendorKeys, vendorQuery } from "@/features/vendors/api/vendors-api";
import { numericId } from "@/lib/ids";
import { knownAddons, knownItem, knownVendor } from "./known-menu";

/** /vendor/{vendorId}/item/{itemId}: the item feature's page, wired to this vendor's cart. */
export default function ItemDetailRoute() {
  const params = useParams();
  const vendorId = numericId(params.vendorId ?? "");
  const menuItemId = numericId(params.itemId ?? "");
  const lineParam = useSearchParams()[0].get("line");
  const lineId = lineParam ? numericId(lineParam) : undefined;
  const { data: cart } = useCart(vendorId);
  const actions = useCartActions();
  const queryClient = useQueryClient();
  // The trailer's trading state: paused or closed, the item page offers nothing to add and says why.
  const trailer = useQuery({ ...vendorQuery(vendorId), enabled: vendorId > 0 }).data;

  /** The item, its chosen add-ons and its trailer as shown: an add made offline is drawn from them. */
  const shown = (selections: { addonGroupId: number; addonId: number }[]) => {
    const item = queryClient.getQueryData<{ item: MenuItem }>(itemKeys.detail(menuItemId))?.item;
    const groups =
      queryClient.getQueryData<AddonGroupsResponse>(itemKeys.addonGroups(menuItemId))
        ?.addonGroups ?? [];
    const vendor = knownVendor(queryClient.getQueryData<Vendor>(vendorKeys.detail(vendorId)));
    return { item: item && knownItem(item), addons: knownAddons(groups, selections), vendor };
  };

  const controls: ItemCartControls = {
    lines: linesForItem(cart, menuItemId),
    totalQuantity: totalQuantity(cart),
    isAdding: actions.isItemAdding(menuItemId),
    isBusy: actions.isItemBusy(menuItemId),
    add: async (input) =>
      (
        await actions.addWithAddons({
          vendorId,
          menuItemId,
          ...input,
          ...shown(input.addonSelections),
        })
      ).message,
    setLineQuantity: (lineId, quantity) =>
      actions.setQuantity({ vendorId, menuItemId, lineId, quantity }),
    saveAllergy: (lineId, text) =>
      actions.saveAllergy({ vendorId, menuItemId, lineId, allergyInformation: text }),
  };

  return (
    <ItemDetailPage
      key={`${vendorId}/${menuItemId}`}
      vendorId={vendorId}
      itemId={menuItemId}
      cart={controls}
      trailer={trailer}
      lineId={lineId}
    />
  );
}
