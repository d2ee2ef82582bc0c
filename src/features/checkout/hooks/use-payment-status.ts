import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_MS } from "@contract/limits";
import { paymentOutcome } from "@contract/payments";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchPaymentStatus } from "../api/checkout-api";

/**
 * Polls GET /payments/stripe/status/{id} every 2 s for at most 10 minutes (docs/product-spec.md § Business constants and limits),
 * until the payment succeeds or fails.
 */
export function usePaymentStatus(paymentId: string | null, enabled = true) {
  const [timedOut, setTimedOut] = useState(false);
  const active = enabled && paymentId !== null;

  useEffect(() => {
    setTimedOut(false);
    if (!active) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_MAX_MS);
    return () => clearTimeout(timer);
  }, [active]);

  const query = useQuery({
    queryKey: ["checkout", "payment-status", paymentId],
    queryFn: ({ signal }) => fetchPaymentStatus(paymentId!, signal),
    enabled: active && !timedOut,
    staleTime: 0,
    gcTime: 0,
    retry: 2,
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: true,
    refetchInterval: (current) => {
      const answer = current.state.data;
      return answer && paymentOutcome(answer.status, answer.error) !== "pending"
        ? false
        : PAYMENT_POLL_INTERVAL_MS;
    },
  });

  const outcome = query.data ? paymentOutcome(query.data.status, query.data.error) : "pending";
  return {
    ...query,
    outcome: outcome === "pending" && timedOut ? ("failure" as const) : outcome,
    timedOut,
  };
}
