import type { MenuItem, Vendor } from "@contract/vendors";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useBasket } from "@/features/cart/hooks/use-basket";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useCartActions } from "@/features/cart/hooks/use-cart-actions";
import { sectionAnchor } from "@/features/cart/lib/basket";
import {
  distinctLineCount,
  lineForStepper,
  linesForItem,
  quantityOfItem,
} from "@/features/cart/lib/cart-summary";
import { vendorKeys } from "@/features/vendors/api/vendors-api";
import type { MenuCartControls } from "@/features/vendors/components/menu-cart-controls";
import { VendorMenuPage } from "@/features/vendors/components/VendorMenuPage";
import { numericId } from "@/lib/ids";
import { knownItem, knownVendor } from "./known-menu";

/** /vendor/{id}: the vendors feature's menu, wired to this vendor's cart. */
export default function VendorMenuRoute() {
  const vendorId = numericId(useParams().id ?? "");
  const { data: cart } = useCart(vendorId);
  // The badge counts every trailer's lines.
  const { data: basket } = useBasket();
  const actions = useCartActions();
  const queryClient = useQueryClient();

  const controls: MenuCartControls = {
    // This trailer's own cart as drawn now (changes still queued offline included), plus every other trailer's lines.
    lineCount:
      distinctLineCount(cart) +
      (basket?.sections
        .filter((section) => section.vendorId !== vendorId)
        .reduce((sum, section) => sum + section.items.length, 0) ?? 0),
    cartHref: `/cart#${sectionAnchor(vendorId)}`,
    basket: {
      itemCount: cart?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
      subtotalPence: cart?.subtotalPence ?? 0,
    },
    parkItemCount:
      (cart?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0) +
      (basket?.sections
        .filter((section) => section.vendorId !== vendorId)
        .reduce(
          (sum, section) => sum + section.items.reduce((lines, line) => lines + line.quantity, 0),
          0,
        ) ?? 0),
    quantityOf: (menuItemId) => quantityOfItem(cart, menuItemId),
    isAdding: actions.isItemAdding,
    isBusy: actions.isItemBusy,
    add: async (item: MenuItem) => {
      const vendor = knownVendor(queryClient.getQueryData<Vendor>(vendorKeys.detail(vendorId)));
      const outcome = await actions.add({
        vendorId,
        menuItemId: numericId(item.id),
        item: knownItem(item),
        vendor,
      });
      return outcome.queued ? outcome.message : undefined;
    },
    step: (item, delta) => {
      const menuItemId = numericId(item.id);
      const line = lineForStepper(linesForItem(cart, menuItemId));
      if (!line) return;
      actions.setQuantity({
        vendorId,
        menuItemId,
        lineId: line.lineId,
        quantity: line.quantity + delta,
      });
    },
  };

  return <VendorMenuPage key={vendorId} vendorId={vendorId} cart={controls} />;
}
