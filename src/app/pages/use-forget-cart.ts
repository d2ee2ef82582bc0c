import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { forgetCart } from "@/features/cart/api/cart-keeper";
import { forgetCarDelivery } from "@/features/checkout/lib/car-delivery-storage";

/**
 * After an order: the server has emptied the cart, so drop the local copy (and the car-delivery answer given for
 * it) and refetch what is on screen.
 */
export function useForgetCart(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetCart(queryClient);
    forgetCarDelivery();
  }, [queryClient]);
}
