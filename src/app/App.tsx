import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { ToastHost } from "../components/ToastHost";
import { AuthProvider } from "../features/auth/components/AuthProvider";
import { forgetLocalCart } from "../features/cart/lib/cart-storage";
import { forgetCarDelivery } from "../features/checkout/lib/car-delivery-storage";
import { applyBrandTheme, brand } from "../lib/brand";
import { toasts } from "../lib/toast-store";
import { createAppHistory } from "./browser-history";
import { AfterFirstScreen } from "./first-screen";
import { PersistedQueries, removeSavedQueries } from "./persisted-queries";
import { IN_APP_NAVIGATE_EVENT } from "./pwa/in-app-navigation";
import { PushSync } from "./pwa/PushSync";
import { createQueryClient } from "./query-client";
import { AppRoutes, appRouter } from "./router";
import { reportShownErrors } from "./shown-errors";

/** Clean-up that needs code a signed-in session never loaded: fetched only at sign-out. */
async function forgetSignedOutCustomer(previousToken: string | null): Promise<void> {
  const [bridge, push] = await Promise.all([
    import("./pwa/worker-bridge"),
    import("../features/notifications/lib/push-subscription"),
  ]);
  await Promise.allSettled([
    bridge.clearUserDataCaches(),
    push.forgetPushSubscription(previousToken),
  ]);
}

// The brand's colours become the CSS custom properties every stylesheet reads (src/brand.json).
applyBrandTheme();

export function App({ queryClient: bootClient }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => bootClient ?? createQueryClient());
  const [history] = useState(createAppHistory);

  // The next person on a shared phone must never see the previous customer's data: not in memory, not in
  // the saved query cache, not in the worker's caches, and no more pushes about their orders.
  const onSignedOut = useCallback(
    (previousToken: string | null) => {
      queryClient.clear();
      toasts.clear();
      forgetLocalCart();
      forgetCarDelivery();
      void removeSavedQueries().catch(() => undefined);
      void forgetSignedOutCustomer(previousToken).catch(() => undefined);
    },
    [queryClient],
  );

  useEffect(() => reportShownErrors(), []);

  // A tapped notification opens its order in place.
  useEffect(() => {
    const navigate = (event: Event) => appRouter()?.navigate((event as CustomEvent<string>).detail);
    window.addEventListener(IN_APP_NAVIGATE_EVENT, navigate);
    return () => window.removeEventListener(IN_APP_NAVIGATE_EVENT, navigate);
  }, []);

  // The router sits outside the sign-in provider: it reads the address first, so a page such as /test-auto-login
  // still sees the `?token=` the start-up hand-off then removes from the address bar.
  return (
    <HistoryRouter history={history}>
      <QueryClientProvider client={queryClient}>
        <PersistedQueries client={queryClient}>
          <AuthProvider onSignedOut={onSignedOut}>
            {brand.features.notifications && (
              <AfterFirstScreen>
                <PushSync />
              </AfterFirstScreen>
            )}
            <AppRoutes />
            <ToastHost />
          </AuthProvider>
        </PersistedQueries>
      </QueryClientProvider>
    </HistoryRouter>
  );
}
