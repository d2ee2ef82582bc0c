import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { useCallback, useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { ToastHost } from "../components/ToastHost";
import { AuthProvider } from "../features/auth/components/AuthProvider";
import { clearLocalCart } from "../features/cart/lib/cart-keys";
import { forgetPushSubscription } from "../features/notifications/lib/push-subscription";
import { storedUserId } from "../lib/auth-storage";
import { toasts } from "../lib/toast-store";
import { PushSync } from "./pwa/PushSync";
import { clearUserDataCaches, onWorkerMessage } from "./pwa/worker-bridge";
import { createQueryClient } from "./query-client";
import { createQueryPersistence } from "./query-persistence";
import { createAppRouter } from "./router";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [persistence] = useState(() => createQueryPersistence(() => storedUserId()));

  // The next person on a shared phone must never see the previous customer's data: not in memory, not in
  // the saved query cache, not in the worker's caches, and no more pushes about their orders.
  const onSignedOut = useCallback(
    (previousToken: string | null) => {
      queryClient.clear();
      toasts.clear();
      clearLocalCart();
      void persistence.clear();
      void clearUserDataCaches();
      void forgetPushSubscription(previousToken);
    },
    [queryClient, persistence],
  );

  // A tapped notification opens its order in place.
  useEffect(
    () =>
      onWorkerMessage((message) => {
        if (message.type === "NAVIGATE") void router.navigate(message.url);
      }),
    [router],
  );

  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistence.options}
      // Changes queued while offline (paused mutations with mutation defaults) go out once restored.
      onSuccess={() => queryClient.resumePausedMutations()}
    >
      <AuthProvider onSignedOut={onSignedOut}>
        <PushSync />
        <RouterProvider router={router} />
        <ToastHost />
      </AuthProvider>
    </PersistQueryClientProvider>
  );
}
