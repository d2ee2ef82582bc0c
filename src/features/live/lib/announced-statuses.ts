import { statusStep } from "@contract/order-status";
import type { OrderStatus } from "@contract/orders";

/**
 * Per order, the last status the customer was told about (toast, beep, system notification), so a status is
 * announced once however it arrives: the socket event, the same event replayed by a recovered connection, or a
 * refetch after a reconnect that found the change. A status at or behind the one announced is not announced
 * again. Kept in sessionStorage: it survives reconnects and reloads of this tab, and goes with the tab.
 */
export const ANNOUNCED_KEY = "foodpark-announced-statuses";
const KEPT = 50;

type Announced = [orderId: number, status: OrderStatus][];

export function createAnnouncedStatuses(
  storage: () => Storage | null = () =>
    typeof sessionStorage === "undefined" ? null : sessionStorage,
) {
  /** What is stored (another page of this tab may have announced since), or null when storage is unusable. */
  const read = (): Announced | null => {
    try {
      const store = storage();
      if (!store) return null;
      const parsed: unknown = JSON.parse(store.getItem(ANNOUNCED_KEY) ?? "[]");
      return Array.isArray(parsed) ? (parsed as Announced) : [];
    } catch {
      return null;
    }
  };
  const write = (entries: Announced) => {
    try {
      storage()?.setItem(ANNOUNCED_KEY, JSON.stringify(entries.slice(-KEPT)));
    } catch {
      // storage full or blocked: the memory of this page still deduplicates
    }
  };
  let entries: Announced = read() ?? [];

  return {
    /**
     * True, and remembered, when this status of this order should be announced now. `movedBack`: staff undid a step
     * or recalled the order, so an earlier status is announced too (it is news).
     */
    claim(orderId: number, status: OrderStatus, movedBack = false): boolean {
      entries = read() ?? entries;
      const last = entries.find(([id]) => id === orderId)?.[1];
      if (last === status) return false;
      if (!movedBack && last !== undefined && statusStep(status) <= statusStep(last)) return false;
      entries = [...entries.filter(([id]) => id !== orderId), [orderId, status]];
      write(entries);
      return true;
    },
    /** Sign-out: the next person on the phone starts afresh. */
    clear() {
      entries = [];
      try {
        storage()?.removeItem(ANNOUNCED_KEY);
      } catch {
        // ignore
      }
    },
  };
}

export type AnnouncedStatuses = ReturnType<typeof createAnnouncedStatuses>;

export const announcedStatuses = createAnnouncedStatuses();
