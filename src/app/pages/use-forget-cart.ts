import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { cartQueryKeys } from "@/features/cart/api/cart-api";
import { clearLocalCart } from "@/features/cart/lib/cart-keys";

/** After an order: the server has emptied the cart, so drop the local copy and refetch what is on screen. */
export function useForgetCart(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearLocalCart();
    void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
  }, [queryClient]);
}
