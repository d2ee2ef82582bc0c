import { useMutationState } from "@tanstack/react-query";
import { cartQueryKeys } from "../api/cart-api";
import type { CartWrite } from "../api/cart-writes";

/** Cart changes made offline that the server has not answered yet (for one vendor, or all), oldest first. */
export function useQueuedCartWrites(vendorId?: number | null): CartWrite[] {
  return useMutationState({
    filters: {
      mutationKey: cartQueryKeys.writes,
      status: "pending",
      predicate: (mutation) => {
        const write = mutation.state.variables as CartWrite | undefined;
        return write?.queued === true && (vendorId == null || write.vendorId === vendorId);
      },
    },
    select: (mutation) => mutation.state.variables as CartWrite,
  });
}
