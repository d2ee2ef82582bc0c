import { TEST_PAYMENTS_BANNER, TEST_PAYMENTS_BANNER_DETAIL } from "@contract/messages";
import { useQuery } from "@tanstack/react-query";
import { api, lazySchema } from "../lib/api-client";
import { rememberCharges } from "../lib/charges";
import { Icon } from "./Icon";

// Loaded beside the request: the schema library stays off the first paint (docs/decisions/speed.md, "Small
// first screens"); this banner sits in every page's layout.
const appConfigResponseSchema = lazySchema(() =>
  import("@contract/app-config").then((m) => m.appConfigResponseSchema),
);

/**
 * The server writes `data-test-payments` into the page it sends (server/src/plugins/app-shell.ts) and paints the
 * banner in the shell: the app's first render keeps it where it is instead of inserting it when /api/config answers.
 */
const shellSaysTestPayments =
  typeof document !== "undefined" && document.documentElement.hasAttribute("data-test-payments");

/** The server's public facts (`GET /api/config`); rarely change, so fetched once per hour at most. */
export const useAppConfig = () =>
  useQuery({
    queryKey: ["app-config"],
    queryFn: async ({ signal }) => {
      const config = await api.get("/config", appConfigResponseSchema, { anonymous: true, signal });
      if (config.charges) rememberCharges(config.charges);
      return config;
    },
    staleTime: 60 * 60 * 1000,
    retry: 1,
  });

/** Says plainly that card payments on this server move no money (test checkout: PAYMENTS_TEST_MODE or no Stripe keys). */
export function TestPaymentsBanner() {
  const { data } = useAppConfig();
  if (!(data?.testPayments ?? shellSaysTestPayments)) return null;
  return (
    <div
      className="app-banner app-banner--test-payments"
      role="note"
      aria-label={TEST_PAYMENTS_BANNER}
    >
      <Icon name="card" size={18} />
      {/* One text node after the heading, as in the shell's copy (app-shell.ts): two would be shaped apart and the
          app's text would measure a fraction of a pixel wider, a new "largest paint" long after the shell's. */}
      <span className="app-banner__text">
        <strong>{TEST_PAYMENTS_BANNER}</strong>
        {` — ${TEST_PAYMENTS_BANNER_DETAIL}`}
      </span>
    </div>
  );
}
