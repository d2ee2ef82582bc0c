import { appConfigResponseSchema, TEST_PAYMENTS_BANNER } from "@contract/app-config";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { Icon } from "./Icon";

/** The server's public facts (`GET /api/config`); rarely change, so fetched once per hour at most. */
export const useAppConfig = () =>
  useQuery({
    queryKey: ["app-config"],
    queryFn: ({ signal }) =>
      api.get("/config", appConfigResponseSchema, { anonymous: true, signal }),
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });

/** Says plainly that card payments on this server move no money (test checkout: PAYMENTS_TEST_MODE or no Stripe keys). */
export function TestPaymentsBanner() {
  const { data } = useAppConfig();
  if (!data?.testPayments) return null;
  return (
    <div
      className="app-banner app-banner--test-payments"
      role="note"
      aria-label={TEST_PAYMENTS_BANNER}
    >
      <Icon name="card" size={18} />
      <span className="app-banner__text">
        <strong>{TEST_PAYMENTS_BANNER}</strong> — card payments move no real money
      </span>
    </div>
  );
}
