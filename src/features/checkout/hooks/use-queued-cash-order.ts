import { useMutationState, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type CashOrderWrite, cashOrderKey } from "../api/cash-orders";

export interface QueuedCashOrder {
  write: CashOrderWrite;
  /** Drops the order before it is sent (only while it waits for the network). */
  cancel: () => void;
}

/** The cash order placed offline and not answered yet, if there is one. */
export function useQueuedCashOrder(): QueuedCashOrder | null {
  const queryClient = useQueryClient();
  const [queued] = useMutationState({
    filters: {
      mutationKey: cashOrderKey,
      status: "pending",
      predicate: (mutation) =>
        (mutation.state.variables as CashOrderWrite | undefined)?.queued === true,
    },
    select: (mutation) => ({
      id: mutation.mutationId,
      write: mutation.state.variables as CashOrderWrite,
    }),
  });
  const id = queued?.id;
  const cancel = useCallback(() => {
    const cache = queryClient.getMutationCache();
    const mutation = cache.getAll().find((candidate) => candidate.mutationId === id);
    if (mutation?.state.isPaused) cache.remove(mutation);
  }, [queryClient, id]);
  return queued ? { write: queued.write, cancel } : null;
}
