import CashAtCounterPage from "@/features/checkout/components/CashAtCounterPage";
import { useForgetCart } from "./use-forget-cart";

/** /pay-cash-at-counter: the local cart is cleared on entry (docs/product-spec.md § Screens and routes). */
export default function CashAtCounterRoute() {
  return <CashAtCounterPage onEnter={useForgetCart()} />;
}
