import { useParams, useSearchParams } from "react-router";
import { useCart } from "../../features/cart/hooks/use-cart";
import { useCartActions } from "../../features/cart/hooks/use-cart-actions";
import { linesForItem, totalQuantity } from "../../features/cart/lib/cart-summary";
import type { ItemCartControls } from "../../features/item/components/item-cart-controls";
import { ItemDetailPage as ItemDetail } from "../../features/item/components/ItemDetailPage";
import { numericId } from "../../lib/ids";

/** /vendor/{vendorId}/item/{itemId}: the item feature's page, wired to this vendor's cart. */
export default function ItemDetailPage() {
  const params = useParams();
  const vendorId = numericId(params.vendorId ?? "");
  const menuItemId = numericId(params.itemId ?? "");
  const lineParam = useSearchParams()[0].get("line");
  const lineId = lineParam ? numericId(lineParam) : undefined;
  const { data: cart } = useCart(vendorId);
  const actions = useCartActions();

  const controls: ItemCartControls = {
    lines: linesForItem(cart, menuItemId),
    totalQuantity: totalQuantity(cart),
    isAdding: actions.isItemAdding(menuItemId),
    isBusy: actions.isItemBusy(menuItemId),
    add: async (input) => (await actions.addWithAddons({ vendorId, menuItemId, ...input })).message,
    setLineQuantity: (lineId, quantity) => actions.setQuantity({ vendorId, menuItemId, lineId, quantity }),
    saveAllergy: (lineId, text) => actions.saveAllergy({ vendorId, menuItemId, lineId, allergyInformation: text }),
  };

  return <ItemDetail key={`${vendorId}/${menuItemId}`} vendorId={vendorId} itemId={menuItemId} cart={controls} lineId={lineId} />;
}
