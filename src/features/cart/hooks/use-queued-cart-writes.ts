import { useMutationState } from "@tanstack/react-query";
import { cartKeys } from "../api/cart-keeper";
import type { CartWrite } from "../lib/cart-write";

/** Cart changes made offline that the server has not answered yet (for one vendor, or all), oldest first. */
export function useQueuedCartWrites(vendorId?: number | null): CartWrite[] {
  return useMutationState({
    filters: {
      mutationKey: cartKeys.writes,
      status: "pending",
      predicate: (mutation) => {
        const write = mutation.state.variables as CartWrite | undefined;
        return write?.queued === true && (vendorId == null || write.vendorId === vendorId);
      },
    },
    select: (mutation) => mutation.state.variables as CartWrite,
  });
}
