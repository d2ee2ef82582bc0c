import { PAYMENT_SUCCESS_COUNTDOWN_S } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import type { PaymentOrderSummary } from "@contract/payments";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Icon } from "@/components/Icon";
import { Spinner } from "@/components/Spinner";
import { formatPence } from "@/lib/money";
import { usePaymentStatus } from "../hooks/use-payment-status";
import { clearPendingCheckout, readPendingCheckout } from "../lib/pending-checkout";
import "../checkout.css";

export interface PaymentSuccessPageProps {
  /** The order exists and the server emptied the cart: forget the local copy. */
  onPaid: () => void;
}

function Countdown({ orderId }: { orderId: number | null }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(PAYMENT_SUCCESS_COUNTDOWN_S);
  const target = orderId ? `/order-confirmation/${orderId}` : "/orders";
  useEffect(() => {
    if (left <= 0) {
      navigate(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, target]);
  return (
    <p className="countdown">
      Taking you to your order in <strong>{left}</strong>…{" "}
      <Link to={target} replace>
        Go now
      </Link>
    </p>
  );
}

/** /payment-success: verifies the payment with the server, then shows the order (the product spec (docs/product-spec.md § Screens and routes), Payment success). */
export default function PaymentSuccessPage({ onPaid }: PaymentSuccessPageProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const paymentId = params.get("payment_id") ?? readPendingCheckout()?.paymentId ?? null;
  const status = usePaymentStatus(paymentId);
  const orderData: PaymentOrderSummary | null =
    status.data?.orderData ??
    (location.state as { orderData?: PaymentOrderSummary } | null)?.orderData ??
    null;

  useEffect(() => {
    if (status.outcome !== "success") return;
    clearPendingCheckout();
    onPaid();
  }, [status.outcome, onPaid]);

  let body: React.ReactNode;
  if (!paymentId || (status.isError && !status.data)) {
    body = (
      <div className="status-panel status-panel--error" role="alert">
        <Icon name="alert" size={36} />
        <h1>We couldn't confirm your payment</h1>
        <p>{MESSAGES.paymentVerifyFailed}</p>
        {orderData && (
          <p>
            {orderData.vendorName}: {formatPence(orderData.totalPence)}
          </p>
        )}
        <Link className="btn btn--primary btn--block" to="/orders">
          <span>View My Orders</span>
        </Link>
      </div>
    );
  } else if (status.outcome === "success") {
    body = (
      <div className="status-panel status-panel--success" role="status">
        <span className="success-mark" aria-hidden="true">
          <Icon name="check" size={40} />
        </span>
        <h1>Payment Successful!</h1>
        {orderData && (
          <p>
            You paid <strong>{formatPence(orderData.totalPence)}</strong>
            {orderData.vendorName ? ` to ${orderData.vendorName}` : ""}.
          </p>
        )}
        {status.data?.refund && (
          <p className="notice" role="note">
            {status.data.refund.note}
          </p>
        )}
        <Countdown orderId={status.data?.orderId ?? null} />
      </div>
    );
  } else if (status.outcome === "failure") {
    body = (
      <div className="status-panel status-panel--error" role="alert">
        <Icon name="alert" size={36} />
        <h1>{MESSAGES.paymentFailed}</h1>
        <p>{status.data?.error ?? MESSAGES.paymentCancelledOrFailed}</p>
        <Link className="btn btn--primary btn--block" to="/stripe-webview-payment">
          <span>Retry Payment</span>
        </Link>
        <Link className="btn btn--secondary btn--block" to="/cart">
          <span>Back to Cart</span>
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="status-panel" role="status">
        <Spinner size={40} />
        <h1>Verifying your payment...</h1>
        <p>This only takes a moment.</p>
      </div>
    );
  }

  return <div className="page payment-page payment-result">{body}</div>;
}
