import { QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { RouterProvider } from "react-router";
import { ToastHost } from "../components/ToastHost";
import { AuthProvider } from "../features/auth/components/AuthProvider";
import { clearLocalCart } from "../features/cart/lib/cart-keys";
import { toasts } from "../lib/toast-store";
import { createQueryClient } from "./query-client";
import { createAppRouter } from "./router";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // The next person on a shared phone must never see the previous customer's data.
  const onSignedOut = useCallback(() => {
    queryClient.clear();
    toasts.clear();
    clearLocalCart();
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignedOut={onSignedOut}>
        <RouterProvider router={router} />
        <ToastHost />
      </AuthProvider>
    </QueryClientProvider>
  );
}
