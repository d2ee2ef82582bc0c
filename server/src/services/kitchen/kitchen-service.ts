/**
 * The kitchen screen's reads and writes: open tickets, one-tap moves (versioned and audited, through the order
 * status service), line check-off, the recall list, all-day counts and each trailer's lateness thresholds. Every
 * call is narrowed to the trailers the staff account runs.
 */
import {
  type AllDayCount,
  type KitchenMoveRequest,
  type KitchenSettingsUpdate,
  type KitchenTicket,
  type KitchenTicketsResponse,
  type KitchenTrailer,
  RECALL_LIST_SIZE,
  RECALL_WINDOW_MS,
  type RecallEntry,
} from "@contract/kitchen";
import type { OrderStatus } from "@contract/orders";
import type { Database, Queryable } from "@server/db/database.js";
import { kitchenRepository, type ScopeFilter } from "@server/db/repositories/kitchen.js";
import { type OrderRecord, ordersRepository } from "@server/db/repositories/orders.js";
import { recordParkAudit } from "@server/db/repositories/park-audit.js";
import { InvalidInput, NotFound } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import { ORDER_NOT_FOUND } from "@server/services/orders/queries.js";
import type { OrderStatusService } from "@server/services/orders/status.js";
import {
  assertInScope,
  inScope,
  type StaffScope,
  scopeVendorIds,
} from "@server/services/staff-scope.js";
import { firstNameOf, toKitchenTrailer, toTicket } from "./tickets.js";

/** Statuses whose unmade lines the all-day counts add up (the kitchen still has to make them). */
const TO_MAKE: readonly OrderStatus[] = ["pending_payment", "confirmed", "preparing"];
/** Add-on groups that only size or wrap the dish do not change what is cooked. */
const NOT_COOKED_GROUPS = /^(size|portion|packaging|cutlery|sauce on the side)$/i;

export const LINE_NOT_FOUND = "That line is not on this order";
export const VERY_LATE_BEFORE_LATE = "Very late must come at or after late";

const iso = (value: Date | string) => new Date(value).toISOString();

function scopeFilter(scope: StaffScope, vendorId?: number): ScopeFilter {
  if (vendorId !== undefined) assertInScope(scope, vendorId);
  return { vendorId: vendorId ?? null, vendorIds: scopeVendorIds(scope) };
}

/** "4 × Margherita (Extra cheese)": unmade lines of open tickets, summed by dish and the add-ons cooked with it. */
export function allDayCounts(tickets: readonly KitchenTicket[]): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const ticket of tickets) {
    if (!TO_MAKE.includes(ticket.status)) continue;
    for (const line of ticket.lines) {
      if (line.made) continue;
      const addons = line.addons
        .filter((addon) => !NOT_COOKED_GROUPS.test(addon.groupName.trim()))
        .map((addon) => (addon.quantity > 1 ? `${addon.quantity} × ${addon.name}` : addon.name))
        .sort();
      const key = JSON.stringify([ticket.vendorId, line.name, addons]);
      const entry = counts.get(key) ?? {
        vendorId: ticket.vendorId,
        name: line.name,
        addons,
        quantity: 0,
      };
      entry.quantity += line.quantity;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort(
    (a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name),
  );
}

export function createKitchenService(deps: {
  db: Database;
  events: DomainEvents;
  orderStatus: OrderStatusService;
}) {
  async function ticketsOf(q: Queryable, records: OrderRecord[]): Promise<KitchenTicket[]> {
    const repo = kitchenRepository(q);
    const ids = records.map((record) => record.order.id);
    const checkoutIds = records.flatMap((record) =>
      record.order.checkout_id ? [record.order.checkout_id] : [],
    );
    const [lastMoves, confirmedAt, siblings, notices] = await Promise.all([
      repo.lastMoves(ids),
      repo.confirmedAt(ids),
      repo.siblings(checkoutIds),
      repo.notices(ids),
    ]);
    const extras = {
      lastMoves: new Map(lastMoves.map((row) => [row.order_id, row])),
      confirmedAt,
      siblings,
      notices,
      now: Date.now(),
    };
    return records.map((record) => toTicket(record, extras));
  }

  async function ticketFor(scope: StaffScope, orderId: number): Promise<KitchenTicket> {
    const record = await ordersRepository(deps.db).findById(orderId);
    if (!record) throw new NotFound(ORDER_NOT_FOUND);
    assertInScope(scope, record.order.vendor_id);
    const [ticket] = await ticketsOf(deps.db, [record]);
    return ticket!;
  }

  async function openTickets(scope: StaffScope, vendorId?: number): Promise<KitchenTicket[]> {
    const records = await kitchenRepository(deps.db).openTickets(scopeFilter(scope, vendorId));
    return ticketsOf(deps.db, records);
  }

  return {
    /**
     * One ticket as it is now, with no staff scope: only for the socket message to its own trailer's staff rooms
     * (which only its staff and park managers join). Null for an unknown order.
     */
    async ticketForStaffRooms(orderId: number): Promise<KitchenTicket | null> {
      const record = await ordersRepository(deps.db).findById(orderId);
      if (!record) return null;
      const [ticket] = await ticketsOf(deps.db, [record]);
      return ticket ?? null;
    },

    async tickets(scope: StaffScope, vendorId?: number): Promise<KitchenTicketsResponse> {
      const filter = scopeFilter(scope, vendorId);
      const [data, trailers] = await Promise.all([
        openTickets(scope, vendorId),
        kitchenRepository(deps.db).trailers(filter),
      ]);
      return {
        data,
        trailers: trailers.map(toKitchenTrailer),
        serverTime: new Date().toISOString(),
        allTrailers: scope === "all",
      };
    },

    ticket: ticketFor,

    /** One staff move (step, undo or recall), versioned and audited; a repeat answers the ticket as it is. */
    async move(
      staffId: number,
      scope: StaffScope,
      orderId: number,
      request: KitchenMoveRequest,
    ): Promise<{ data: KitchenTicket; applied: boolean }> {
      const { applied } = await deps.orderStatus.move({
        orderId,
        status: request.status,
        version: request.version,
        kind: request.move ?? "step",
        reason: request.reason,
        changedBy: staffId,
        scope,
      });
      return { data: await ticketFor(scope, orderId), applied };
    },

    /** Strikes a line when it is made (or un-strikes it); the trailer's other screens hear of it. */
    async setLineMade(
      scope: StaffScope,
      orderId: number,
      lineId: number,
      made: boolean,
    ): Promise<KitchenTicket> {
      const before = await ticketFor(scope, orderId);
      const found = await kitchenRepository(deps.db).setLineMade(orderId, lineId, made);
      if (!found) throw new NotFound(LINE_NOT_FOUND);
      const ticket = await ticketFor(scope, orderId);
      deps.events.emit("kitchenTicketChanged", {
        orderId,
        vendorId: before.vendorId,
        version: ticket.version,
        kind: "lines",
      });
      return ticket;
    },

    async recallList(scope: StaffScope, vendorId?: number): Promise<RecallEntry[]> {
      const rows = await kitchenRepository(deps.db).recallList({
        ...scopeFilter(scope, vendorId),
        limit: RECALL_LIST_SIZE,
        windowMs: RECALL_WINDOW_MS,
      });
      return rows.map((row) => ({
        orderId: row.id,
        orderNumber: row.id,
        version: row.version,
        vendorId: row.vendor_id,
        vendorName: row.vendor_name,
        firstName: firstNameOf(row.customer_name),
        status: row.status,
        previousStatus: row.from_status,
        leftAt: iso(row.changed_at),
      }));
    },

    async allDay(scope: StaffScope, vendorId?: number): Promise<AllDayCount[]> {
      return allDayCounts(await openTickets(scope, vendorId));
    },

    async updateSettings(
      staff: { id: number; email: string },
      scope: StaffScope,
      vendorId: number,
      update: KitchenSettingsUpdate,
    ): Promise<KitchenTrailer> {
      assertInScope(scope, vendorId);
      const [trailer] = await kitchenRepository(deps.db).trailers({ vendorId });
      if (!trailer) throw new NotFound(`Vendor ${vendorId} not found`);
      const next = toKitchenTrailer({
        ...trailer,
        late_after_minutes: update.lateAfterMinutes,
        very_late_after_minutes: update.veryLateAfterMinutes,
      });
      // toKitchenTrailer lifts a default "very late" up to "late"; one the trailer sets itself must not be earlier.
      if (
        update.veryLateAfterMinutes !== null &&
        update.veryLateAfterMinutes < next.lateAfterMinutes
      )
        throw new InvalidInput(VERY_LATE_BEFORE_LATE);
      const before = toKitchenTrailer(trailer);
      await deps.db.transaction(async (tx) => {
        await kitchenRepository(tx).setThresholds(
          vendorId,
          update.lateAfterMinutes,
          update.veryLateAfterMinutes,
        );
        await recordParkAudit(tx, {
          staff,
          vendorId,
          action: "kitchen_thresholds",
          target: trailer.name,
          summary: `Late after ${before.lateAfterMinutes} → ${next.lateAfterMinutes} min, very late after ${before.veryLateAfterMinutes} → ${next.veryLateAfterMinutes} min`,
          before: { late: before.lateAfterMinutes, veryLate: before.veryLateAfterMinutes },
          after: { late: next.lateAfterMinutes, veryLate: next.veryLateAfterMinutes },
        });
      });
      return next;
    },

    inScope,
  };
}

export type KitchenService = ReturnType<typeof createKitchenService>;
