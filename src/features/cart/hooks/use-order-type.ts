import type { OrderType } from "@contract/common";
import { useCallback, useSyncExternalStore } from "react";
import { enabledOrderTypes } from "@/lib/brand";
import { resolveOrderType } from "../lib/cart-summary";
import { readStoredOrderType, writeStoredOrderType } from "../lib/order-type-choice";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const enabledOrderTypeIds = (): OrderType[] => enabledOrderTypes().map((type) => type.id);

/** The order type every cart call carries: the customer's choice, or the only enabled one (auto-selected). */
export function useOrderType(): [OrderType | null, (orderType: OrderType) => void] {
  const stored = useSyncExternalStore(subscribe, readStoredOrderType, () => null);
  const orderType = resolveOrderType(enabledOrderTypeIds(), stored);
  const choose = useCallback((next: OrderType) => {
    writeStoredOrderType(next);
    for (const listener of listeners) listener();
  }, []);
  return [orderType, choose];
}
