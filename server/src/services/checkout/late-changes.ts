/**
 * A card payment completed after some of its lines sold out (or a trailer paused or closed) while the customer was
 * paying, for one trailer or several: the rest is ordered as paid, what went is refunded (all of it when nothing
 * is left), and the payment keeps a note naming what was refunded and why.
 */
import { penceToPoundsText } from "@contract/money";
import type { Queryable } from "@server/db/database.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import { slotShift } from "@server/services/cart/cart-reading.js";
import { vendorTradingStatus } from "@server/services/catalogue/vendor-service.js";
import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";

export interface LateCheck {
  /** The snapshots to order (without what went), none when nothing is left. */
  keep: CheckoutSnapshot[];
  refundPence: number;
  note: string | null;
}

/** One trailer's part of the payment after the late check: what is kept, and why the rest went. */
interface TrailerCheck {
  /** The trailer's snapshot as it was paid for. */
  gone: CheckoutSnapshot;
  keep: CheckoutSnapshot | null;
  why: string | null;
}

async function goneIds(tx: Queryable, snapshot: CheckoutSnapshot) {
  const itemIds = snapshot.lines.map((line) => line.menuItemId);
  const addonIds = snapshot.lines.flatMap((line) => line.addons.map((addon) => addon.id));
  const items = await tx.query<{ id: number }>(
    "select id from menu_items where id = any($1::int[]) and (sold_out or not available)",
    [itemIds],
  );
  const addons = await tx.query<{ id: number }>(
    "select id from addons where id = any($1::int[]) and sold_out",
    [addonIds],
  );
  return {
    items: new Set(items.map((row) => row.id)),
    addons: new Set(addons.map((row) => row.id)),
  };
}

/**
 * A capped trailer's 15-minute slots counted again as the payment lands (the slot counts are locked by
 * `checkLateChanges`): the order goes into the first slot still under the cap, as a cash order would. A paid order
 * is never refused for a full slot, "pause when full" or not: it only waits for the next free one.
 */
async function slotted(
  tx: Queryable,
  vendor: VendorRow,
  snapshot: CheckoutSnapshot,
): Promise<CheckoutSnapshot> {
  if (!vendor.slot_cap) return snapshot;
  const shift = await slotShift(tx, vendor.id, vendor.slot_cap, vendor.preparation_time_max);
  return {
    ...snapshot,
    preparationTimeMin: vendor.preparation_time_min + shift.minutes,
    preparationTimeMax: vendor.preparation_time_max + shift.minutes,
  };
}

async function checkTrailer(tx: Queryable, snapshot: CheckoutSnapshot): Promise<TrailerCheck> {
  const [vendor] = await tx.query<VendorRow>("select * from vendors where id = $1", [
    snapshot.vendorId,
  ]);
  if (!vendor || vendorTradingStatus(vendor) !== "open") {
    const why = vendorTradingStatus(vendor ?? { active: false, trading_status: "closed" });
    return {
      gone: snapshot,
      keep: null,
      why: `${snapshot.vendorName} ${why === "busy" ? "paused its orders" : "closed"}`,
    };
  }
  const gone = await goneIds(tx, snapshot);
  const went = snapshot.lines.filter(
    (line) =>
      gone.items.has(line.menuItemId) || line.addons.some((addon) => gone.addons.has(addon.id)),
  );
  const kept = await slotted(tx, vendor, snapshot);
  if (went.length === 0) return { gone: snapshot, keep: kept, why: null };
  const why = `${went.map((line) => line.name).join(", ")} sold out`;
  const lines = snapshot.lines.filter((line) => !went.includes(line));
  if (lines.length === 0) return { gone: snapshot, keep: null, why };
  const wentPence = went.reduce((sum, line) => sum + line.totalPence, 0);
  return {
    gone: snapshot,
    keep: {
      ...kept,
      lines,
      subtotalPence: snapshot.subtotalPence - wentPence,
      totalPence: snapshot.totalPence - wentPence,
    },
    why,
  };
}

/**
 * The service charge is the checkout's, not a trailer's: when the trailer that carried it went entirely, the first
 * order still placed carries it, and only the food and delivery of what went is refunded.
 */
function keepServiceCharge(checks: TrailerCheck[], keep: CheckoutSnapshot[]): CheckoutSnapshot[] {
  const [first, ...rest] = keep;
  if (!first) return keep;
  const orphaned = checks.reduce(
    (sum, check) => sum + (check.keep ? 0 : check.gone.serviceChargePence),
    0,
  );
  if (orphaned === 0) return keep;
  return [
    {
      ...first,
      serviceChargePence: first.serviceChargePence + orphaned,
      totalPence: first.totalPence + orphaned,
    },
    ...rest,
  ];
}

/** Every trailer of a paid payment checked again at the moment it is paid; `paidPence` is what the customer paid. */
export async function checkLateChanges(
  tx: Queryable,
  snapshots: readonly CheckoutSnapshot[],
  paidPence: number,
): Promise<LateCheck> {
  // Before any slot is counted, every capped trailer's slot count, in id order (as a cash checkout takes them).
  await vendorsRepository(tx).lockSlotCounts(snapshots.map((snapshot) => snapshot.vendorId));
  const checks: TrailerCheck[] = [];
  for (const snapshot of snapshots) checks.push(await checkTrailer(tx, snapshot));
  const keep = checks.flatMap((check) => (check.keep ? [check.keep] : []));
  const reasons = checks.flatMap((check) => (check.why ? [check.why] : []));
  if (reasons.length === 0) return { keep, refundPence: 0, note: null };
  const why = reasons.join(" and ");
  if (keep.length === 0) {
    return {
      keep,
      refundPence: paidPence,
      note: `${why} while you were paying, so your payment of ${penceToPoundsText(paidPence)} has been refunded in full.`,
    };
  }
  const kept = keepServiceCharge(checks, keep);
  const refundPence = paidPence - kept.reduce((sum, snapshot) => sum + snapshot.totalPence, 0);
  return {
    keep: kept,
    refundPence,
    note: `${why} while you were paying: ${penceToPoundsText(refundPence)} has been refunded. The rest of your order is on its way.`,
  };
}

/**
 * Each trailer's part of a late refund: its food and delivery as paid less what is still ordered (the park's
 * service charge is not a trailer's). The reversal of its transfer follows the refund (payments/transfers.ts).
 */
export function refundedShares(
  paid: readonly CheckoutSnapshot[],
  keep: readonly CheckoutSnapshot[],
): { vendorId: number; amountPence: number }[] {
  const share = (snapshot: CheckoutSnapshot) => snapshot.totalPence - snapshot.serviceChargePence;
  return paid.flatMap((snapshot) => {
    const kept = keep.find((entry) => entry.vendorId === snapshot.vendorId);
    const amountPence = share(snapshot) - (kept ? share(kept) : 0);
    return amountPence > 0 ? [{ vendorId: snapshot.vendorId, amountPence }] : [];
  });
}
