/**
 * "Your whole order is ready": when the last part of a basket from several trailers turns ready, the customer is
 * told once (besides each part's own status). A row per basket (basket_ready_notices) makes it once, whatever
 * undo, recall or a second node does.
 */
import type { Database } from "@server/db/database.js";
import type { DomainEvents, OrderStatusChanged } from "@server/events.js";

const DONE_FOR_BASKET = new Set(["ready", "completed", "delivered"]);

export async function announceIfBasketReady(
  db: Database,
  events: DomainEvents,
  change: Pick<OrderStatusChanged, "status" | "checkoutId" | "userId">,
): Promise<boolean> {
  if (change.status !== "ready" || !change.checkoutId) return false;
  const parts = await db.query<{ id: number; status: string; vendor_name: string }>(
    `select o.id, o.status, v.name as vendor_name from orders o join vendors v on v.id = o.vendor_id
     where o.checkout_id = $1 order by o.id`,
    [change.checkoutId],
  );
  const live = parts.filter((part) => part.status !== "cancelled");
  if (live.length < 2 || !live.every((part) => DONE_FOR_BASKET.has(part.status))) return false;
  const inserted = await db.query(
    `insert into basket_ready_notices (checkout_id) values ($1) on conflict do nothing returning checkout_id`,
    [change.checkoutId],
  );
  if (inserted.length === 0) return false;
  events.emit("basketReady", {
    checkoutId: change.checkoutId,
    userId: change.userId,
    orderIds: live.map((part) => part.id),
    vendorNames: live.map((part) => part.vendor_name),
  });
  return true;
}

/** Listens for parts turning ready on this node (the node that made the change announces, once). */
export function watchBasketsReady(
  db: Database,
  events: DomainEvents,
  logError: (error: unknown, context: string) => void,
): () => void {
  const onChange = (change: OrderStatusChanged) => {
    if (change.status !== "ready" || !change.checkoutId) return;
    announceIfBasketReady(db, events, change).catch((error: unknown) =>
      logError(error, "could not check whether a basket is ready"),
    );
  };
  events.on("orderStatusChanged", onChange);
  return () => events.off("orderStatusChanged", onChange);
}
