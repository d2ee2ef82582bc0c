import CartPage from "@/features/cart/components/CartPage";
import { CheckoutPanel } from "@/features/checkout/components/CheckoutPanel";
import { useQueuedCashOrder } from "@/features/checkout/hooks/use-queued-cash-order";
import { cartForCashOrders } from "../cart-for-checkout";

/** /cart: the cart screen with the checkout under it; a cash order waiting to be sent freezes the cart. */
export default function CartRoute() {
  const queuedOrder = useQueuedCashOrder();
  return (
    <CartPage
      readOnly={queuedOrder !== null}
      checkout={(context) => <CheckoutPanel {...context} cartKeeper={cartForCashOrders} />}
    />
  );
}
