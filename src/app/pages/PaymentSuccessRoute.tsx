import PaymentSuccessPage from "@/features/checkout/components/PaymentSuccessPage";
import { useForgetCart } from "./use-forget-cart";

/** /payment-success, forgetting the local cart once the paid order exists. */
export default function PaymentSuccessRoute() {
  return <PaymentSuccessPage onPaid={useForgetCart()} />;
}
