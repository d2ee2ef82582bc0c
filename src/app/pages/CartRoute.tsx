import CartPage from "../../features/cart/components/CartPage";
import { CheckoutPanel } from "../../features/checkout/components/CheckoutPanel";
import { useForgetCart } from "./use-forget-cart";

/** /cart: the cart feature's page with the checkout feature in its slot. */
export default function CartRoute() {
  const forgetCart = useForgetCart();
  return <CartPage checkout={(context) => <CheckoutPanel {...context} onOrderPlaced={forgetCart} />} />;
}
