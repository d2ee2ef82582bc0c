/**
 * A card payment completed after some of its lines sold out (or its trailer paused or closed) while the customer
 * was paying: the rest is ordered as paid, the unavailable lines are refunded (all of it when nothing is left),
 * and the payment keeps a note naming what was refunded and why.
 */
import { penceToPoundsText } from "@contract/money";
import type { Queryable } from "@server/db/database.js";
import type { VendorRow } from "@server/db/repositories/vendors.js";
import { vendorTradingStatus } from "../catalogue/vendor-service.js";
import type { CheckoutSnapshot } from "../order-placement.js";

export interface LateCheck {
  /** The snapshot to order (lines and totals without the unavailable ones), or null when nothing is left. */
  keep: CheckoutSnapshot | null;
  refundPence: number;
  note: string | null;
}

export async function checkLateSoldOut(
  tx: Queryable,
  snapshot: CheckoutSnapshot,
  paidPence: number,
): Promise<LateCheck> {
  const [vendor] = await tx.query<VendorRow>("select * from vendors where id = $1", [
    snapshot.vendorId,
  ]);
  if (!vendor || vendorTradingStatus(vendor) !== "open") {
    const why = vendorTradingStatus(vendor ?? { active: false, trading_status: "closed" });
    return {
      keep: null,
      refundPence: paidPence,
      note: `${snapshot.vendorName} ${why === "busy" ? "paused its orders" : "closed"} while you were paying, so your payment of ${penceToPoundsText(paidPence)} has been refunded in full.`,
    };
  }
  const itemIds = snapshot.lines.map((line) => line.menuItemId);
  const addonIds = snapshot.lines.flatMap((line) => line.addons.map((addon) => addon.id));
  const goneItems = new Set(
    (
      await tx.query<{ id: number }>(
        "select id from menu_items where id = any($1::int[]) and (sold_out or not available)",
        [itemIds],
      )
    ).map((row) => row.id),
  );
  const goneAddons = new Set(
    (
      await tx.query<{ id: number }>(
        "select id from addons where id = any($1::int[]) and sold_out",
        [addonIds],
      )
    ).map((row) => row.id),
  );
  const gone = snapshot.lines.filter(
    (line) =>
      goneItems.has(line.menuItemId) || line.addons.some((addon) => goneAddons.has(addon.id)),
  );
  if (gone.length === 0) return { keep: snapshot, refundPence: 0, note: null };
  const names = gone.map((line) => line.name).join(", ");
  const lines = snapshot.lines.filter((line) => !gone.includes(line));
  if (lines.length === 0) {
    return {
      keep: null,
      refundPence: paidPence,
      note: `${names} sold out while you were paying, so your payment of ${penceToPoundsText(paidPence)} has been refunded in full.`,
    };
  }
  const refundPence = gone.reduce((sum, line) => sum + line.totalPence, 0);
  const subtotalPence = snapshot.subtotalPence - refundPence;
  return {
    keep: {
      ...snapshot,
      lines,
      subtotalPence,
      totalPence: snapshot.totalPence - refundPence,
    },
    refundPence,
    note: `${names} sold out while you were paying: ${penceToPoundsText(refundPence)} has been refunded. The rest of your order is on its way.`,
  };
}
