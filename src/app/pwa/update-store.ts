import { useSyncExternalStore } from "react";

/** A new service worker is waiting; `apply` swaps it in and reloads (only ever on the customer's tap). */
type Apply = () => void;

let pending: Apply | null = null;
const listeners = new Set<() => void>();

export const updatePrompt = {
  offer(apply: Apply) {
    pending = apply;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => pending,
};

export const useWaitingUpdate = (): Apply | null =>
  useSyncExternalStore(updatePrompt.subscribe, updatePrompt.current, () => null);
