import CartPage from "../../features/cart/components/CartPage";
import { CheckoutPanel } from "../../features/checkout/components/CheckoutPanel";
import { useQueuedCashOrder } from "../../features/checkout/hooks/use-queued-cash-order";

/** /cart: the cart feature's page with the checkout feature in its slot; a cash order waiting to be sent freezes the cart. */
export default function CartRoute() {
  const queuedOrder = useQueuedCashOrder();
  return <CartPage readOnly={queuedOrder !== null} checkout={(context) => <CheckoutPanel {...context} />} />;
}
