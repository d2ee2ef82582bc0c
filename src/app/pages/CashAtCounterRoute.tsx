import CashAtCounterPage from "../../features/checkout/components/CashAtCounterPage";
import { useForgetCart } from "./use-forget-cart";

/** /pay-cash-at-counter: the local cart is cleared on entry (spec section 2). */
export default function CashAtCounterRoute() {
  return <CashAtCounterPage onEnter={useForgetCart()} />;
}
