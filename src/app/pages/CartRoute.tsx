import BasketPage from "@/features/cart/components/BasketPage";
import CartPage from "@/features/cart/components/CartPage";
import { useBasket } from "@/features/cart/hooks/use-basket";
import { BasketCheckoutPanel } from "@/features/checkout/components/BasketCheckoutPanel";
import { CheckoutPanel } from "@/features/checkout/components/CheckoutPanel";
import { useQueuedCashOrder } from "@/features/checkout/hooks/use-queued-cash-order";

/**
 * /cart. Carts at several trailers: the basket, one section per trailer and one payment. One trailer (or
 * no basket answer yet, or offline): the spec's cart page with its checkout exactly as before; a cash order waiting
 * to be sent freezes the cart.
 */
export default function CartRoute() {
  const queuedOrder = useQueuedCashOrder();
  const basket = useBasket();
  if (queuedOrder === null && (basket.data?.sections.length ?? 0) > 1) {
    return <BasketPage checkout={(context) => <BasketCheckoutPanel {...context} />} />;
  }
  return (
    <CartPage
      readOnly={queuedOrder !== null}
      checkout={(context) => <CheckoutPanel {...context} />}
    />
  );
}
