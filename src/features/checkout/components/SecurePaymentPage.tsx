import { MESSAGES } from "@contract/messages";
import { type PaymentOrderSummary, paymentOutcome } from "@contract/payments";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { Spinner } from "@/components/Spinner";
import { reportError } from "@/lib/android";
import { brand } from "@/lib/brand";
import { formatPence } from "@/lib/money";
import { isNetworkFailure } from "@/lib/network";
import { checkoutKeyFor, fetchPaymentStatus, openCardPayment } from "../api/checkout-api";
import { usePaymentStatus } from "../hooks/use-payment-status";
import { isAllowedCheckoutUrl } from "../lib/checkout-url";
import {
  newIdempotencyKey,
  type PendingCheckout,
  readPendingCheckout,
  savePendingCheckout,
} from "../lib/pending-checkout";
import { loadStripeForPaymentScreen } from "../lib/stripe-js";
import "../checkout.css";

/** "returning": back from the hosted page, asking the server how it went. */
type Phase = "pending" | "returning" | "processing" | "failed";

const POPUP_NAME = "food-park-secure-payment";
const POPUP_FEATURES = "popup=yes,width=500,height=700";
/** How often the screen checks whether the customer closed the payment popup. */
const POPUP_WATCH_MS = 500;

/** A payment read back from the server (GET /payments/stripe/status): what the summary shows of it. */
function restoredPending(summary: PaymentOrderSummary, paymentId: string): PendingCheckout {
  return {
    amountPence: summary.totalPence,
    currency: "gbp",
    vendorName: summary.vendorName,
    itemCount: summary.items.reduce((count, item) => count + item.quantity, 0),
    items: summary.items.map((item, index) => ({
      key: `restored-${index}`,
      name: item.name,
      quantity: item.quantity,
      totalPence: item.totalPence,
    })),
    paymentId,
  };
}

function pendingFrom(state: unknown): PendingCheckout | null {
  const pending = (state as { pending?: PendingCheckout } | null)?.pending;
  return pending ?? readPendingCheckout();
}

function PaymentSummary({ pending }: { pending: PendingCheckout }) {
  return (
    <section className="card pay-summary" aria-labelledby="pay-summary-title">
      <div className="pay-summary__lock" aria-hidden="true">
        <svg
          width={26}
          height={26}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
          aria-hidden="true"
        >
          <path d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4M12 15v2" />
        </svg>
      </div>
      <h2 id="pay-summary-title" className="visually-hidden">
        Payment summary
      </h2>
      <dl className="pay-summary__list">
        <div className="pay-summary__amount">
          <dt>Amount</dt>
          <dd className="pay-summary__amount-value">{formatPence(pending.amountPence)}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>
            {pending.currency.toUpperCase()} ({brand.currencySymbol})
          </dd>
        </div>
        {pending.vendorName && (
          <div>
            <dt>Paying</dt>
            <dd>{pending.vendorName}</dd>
          </div>
        )}
        <div>
          <dt>Items</dt>
          <dd>{pending.itemCount}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Where the cart shows why the customer is back (the payment screen's Back, a cancelled hosted page). */
const cartWithMessage = (checkoutError: string) => ({
  replace: true,
  state: { checkoutError },
});

/** The answer of a checkout request sent with a key: a lost one (network) keeps the key for the retry. */
const keyAfter = (caught: unknown, pending: PendingCheckout) =>
  isNetworkFailure(caught) ? (pending.checkoutKey ?? null) : null;

/**
 * /stripe-webview-payment: takes every card payment, one trailer's or several, on the provider's hosted page
 * (the product spec (docs/product-spec.md § Screens and routes), Secure payment).
 */
export default function SecurePaymentPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<PendingCheckout | null>(() => pendingFrom(location.state));
  const returnedFrom = params.get("cancelled") === "1" ? params.get("payment_id") : null;
  // Reopened (a new tab, the app restarted) with the payment in the address but nothing saved: read it back.
  const reopened = !returnedFrom && !pending ? params.get("payment_id") : null;
  const [restoredUrl, setRestoredUrl] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>(
    params.get("cancelled") === "1" || reopened ? "returning" : "pending",
  );
  const [error, setError] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const popup = useRef<Window | null>(null);
  const status = usePaymentStatus(paymentId, phase === "processing");

  // Stripe.js for fraud signals, only when the server pays through Stripe (lib/stripe-js.ts); never in the way.
  useEffect(() => {
    loadStripeForPaymentScreen().catch((caught: unknown) =>
      reportError(caught, "loading Stripe.js"),
    );
  }, []);

  // Back from the hosted page: cancelled there, the cart as it was; declined, why (e.g. 'Your card was declined.').
  const hasPending = pending !== null;
  useEffect(() => {
    if (!reopened) return;
    fetchPaymentStatus(reopened)
      .then((answer) => {
        const outcome = paymentOutcome(answer.status, answer.error);
        if (outcome === "success") {
          navigate(`/payment-success?payment_id=${encodeURIComponent(reopened)}`, {
            replace: true,
          });
          return;
        }
        if (answer.orderData) setPending(restoredPending(answer.orderData, reopened));
        if (outcome === "failure") {
          setPhase("failed");
          setError(answer.error ?? MESSAGES.paymentCancelledOrFailed);
          return;
        }
        setRestoredUrl(answer.sessionUrl ?? null);
        setPaymentId(reopened);
        setPhase("processing");
      })
      .catch(() => {
        setPhase("failed");
        setError(MESSAGES.paymentCancelledOrFailed);
      });
  }, [reopened, navigate]);

  useEffect(() => {
    if (phase !== "returning" || reopened) return;
    const failed = (message: string) => {
      if (hasPending) {
        setPhase("failed");
        setError(message);
      } else {
        void navigate("/cart", cartWithMessage(message));
      }
    };
    if (!returnedFrom) {
      failed(MESSAGES.paymentCancelledOrFailed);
      return;
    }
    fetchPaymentStatus(returnedFrom)
      .then((answer) => {
        const outcome = paymentOutcome(answer.status, answer.error);
        if (outcome === "success")
          navigate(`/payment-success?payment_id=${encodeURIComponent(returnedFrom)}`, {
            replace: true,
          });
        else if (answer.error) failed(`${answer.error} ${MESSAGES.paymentCancelledOrFailed}`);
        else if (outcome === "failure") failed(MESSAGES.paymentCancelledOrFailed);
        else navigate("/cart", cartWithMessage(MESSAGES.paymentCancelledByUser));
      })
      .catch(() => failed(MESSAGES.paymentCancelledOrFailed));
  }, [phase, returnedFrom, hasPending, navigate, reopened]);

  useEffect(() => {
    if (phase !== "processing" || !paymentId) return;
    if (status.outcome === "success") {
      popup.current?.close();
      navigate(`/payment-success?payment_id=${encodeURIComponent(paymentId)}`, { replace: true });
    } else if (status.outcome === "failure") {
      // A declined card ends this attempt here: the popup goes, 'Retry Payment' starts a new one.
      popup.current?.close();
      popup.current = null;
      setPhase("failed");
      setError(status.data?.error ?? MESSAGES.paymentCancelledOrFailed);
    }
  }, [phase, paymentId, status.outcome, status.data, navigate]);

  // The popup closed before the payment was decided: ask once more (it may have just been paid), else say so.
  const { refetch } = status;
  useEffect(() => {
    if (phase !== "processing" || !paymentId) return;
    let settled = false;
    const watch = window.setInterval(() => {
      const window_ = popup.current;
      if (!window_?.closed || settled) return;
      settled = true;
      popup.current = null;
      void refetch().then((answer) => {
        const outcome = answer.data
          ? paymentOutcome(answer.data.status, answer.data.error)
          : "pending";
        if (outcome !== "pending") return; // the effect above takes it from here
        setPhase("failed");
        setError(MESSAGES.paymentCancelledOrFailed);
      });
    }, POPUP_WATCH_MS);
    return () => window.clearInterval(watch);
  }, [phase, paymentId, refetch]);

  const intent = useMutation({
    mutationFn: ({ current, pressKey }: { current: PendingCheckout; pressKey: string }) =>
      openCardPayment(current, current.checkoutKey ?? null, pressKey),
  });
  // The Idempotency-Key of the Start Payment (or Retry Payment) press in flight: one per press, so the server opens
  // one payment for it; a second tap before it answers is that same press, not another payment.
  const pressInFlight = useRef<string | null>(null);

  /** Several trailers: the checkout's key is saved before it is sent, so a reload retries the same one. */
  const withCheckoutKey = (current: PendingCheckout): PendingCheckout => {
    if (!current.checkoutRequest) return current;
    const keyed = {
      ...current,
      checkoutKey: checkoutKeyFor(current.checkoutRequest, current.checkoutKey ?? null),
    };
    savePendingCheckout(keyed);
    return keyed;
  };

  const fail = (message: string) => {
    setPhase("failed");
    setError(message);
  };

  const start = async (inPopup: boolean) => {
    if (!pending || pressInFlight.current) return;
    const pressKey = newIdempotencyKey();
    pressInFlight.current = pressKey;
    try {
      await startPress(pending, inPopup, pressKey);
    } finally {
      pressInFlight.current = null;
    }
  };

  const startPress = async (pending: PendingCheckout, inPopup: boolean, pressKey: string) => {
    setError(null);
    // Opened inside the tap so the browser does not block it; pointed at the checkout once we have one.
    const opened = inPopup ? window.open("", POPUP_NAME, POPUP_FEATURES) : null;
    if (inPopup && !opened) return fail(MESSAGES.paymentPageFailed);
    const attempt = withCheckoutKey(pending);
    try {
      const created = await intent.mutateAsync({ current: attempt, pressKey });
      const answered = { ...attempt, checkoutKey: null, paymentId: created.paymentIntentId };
      savePendingCheckout(answered);
      setPending(answered);
      if (!isAllowedCheckoutUrl(created.sessionUrl, window.location.origin)) {
        opened?.close();
        return fail(MESSAGES.invalidPaymentUrl);
      }
      setPaymentId(created.paymentIntentId);
      setPhase("processing");
      // The address names the payment: this screen reopened later (no saved checkout) reads it back.
      navigate(`?payment_id=${encodeURIComponent(created.paymentIntentId)}`, {
        replace: true,
        state: location.state,
      });
      if (opened) {
        opened.location.href = created.sessionUrl;
        popup.current = opened;
      } else {
        window.location.assign(created.sessionUrl);
      }
    } catch (caught) {
      opened?.close();
      reportError(caught, "create payment intent");
      const kept = { ...attempt, checkoutKey: keyAfter(caught, attempt) };
      savePendingCheckout(kept);
      setPending(kept);
      fail(
        caught instanceof Error && caught.message && caught.message !== MESSAGES.postFailed
          ? caught.message
          : MESSAGES.paymentIntentFailed,
      );
    }
  };

  const goBack = () => {
    popup.current?.close();
    navigate("/cart", { state: { checkoutError: MESSAGES.paymentCancelledByUser } });
  };

  if (!pending && phase !== "returning") {
    return (
      <div className="page payment-page">
        <PageHeader title="Secure Payment" backTo="/cart" />
        <div className="status-panel status-panel--error" role="alert">
          <Icon name="alert" size={32} />
          <p>{MESSAGES.paymentMissingOrder}</p>
          <Button onClick={() => navigate("/cart")}>Back to Cart</Button>
        </div>
      </div>
    );
  }

  const busy = intent.isPending;
  return (
    <div className="page payment-page">
      <header className="page-header">
        <button type="button" className="icon-btn" onClick={goBack} aria-label="Back to cart">
          <Icon name="back" />
        </button>
        <div className="page-header__title">
          <h1>Secure Payment</h1>
        </div>
      </header>
      <div className="payment-layout">
        {pending && <PaymentSummary pending={pending} />}
        {phase === "pending" && (
          <section className="status-panel" aria-labelledby="pay-start-title">
            <h2 id="pay-start-title">Ready to pay</h2>
            <p>
              You'll enter your card on a secure payment page. {brand.appName} never sees your card
              details.
            </p>
            <Button block busy={busy} onClick={() => start(false)}>
              {busy ? "Processing..." : "Start Payment"}
            </Button>
            <Button block variant="secondary" disabled={busy} onClick={() => start(true)}>
              Open Secure Payment Page
            </Button>
          </section>
        )}
        {phase === "returning" && (
          <section className="status-panel" aria-live="polite">
            <Spinner size={36} />
            <h2>Checking your payment...</h2>
          </section>
        )}
        {phase === "processing" && (
          <section className="status-panel" aria-live="polite">
            <Spinner size={36} />
            <h2>Processing your payment...</h2>
            <p>Finish paying on the secure payment page. This screen updates by itself.</p>
            {restoredUrl ? (
              <Button block onClick={() => window.location.assign(restoredUrl)}>
                Continue Payment
              </Button>
            ) : (
              <Button block variant="secondary" onClick={() => start(true)}>
                Open Secure Payment Page
              </Button>
            )}
          </section>
        )}
        {phase === "failed" && (
          <section className="status-panel status-panel--error" aria-labelledby="pay-failed-title">
            <Icon name="alert" size={32} />
            <h2 id="pay-failed-title">{MESSAGES.paymentFailed}</h2>
            <p role="alert">{error ?? MESSAGES.paymentCancelledOrFailed}</p>
            <Button
              block
              onClick={() => {
                // A payment read back from the server has no cart data to start again from: the cart has.
                if (pending && !pending.orderData && !pending.checkoutRequest) {
                  navigate("/cart");
                  return;
                }
                setError(null);
                setPaymentId(null);
                setPhase("pending");
              }}
            >
              Retry Payment
            </Button>
          </section>
        )}
      </div>
    </div>
  );
}
