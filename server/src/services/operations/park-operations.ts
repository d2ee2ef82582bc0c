/**
 * Park operations: the ONE writer of every operational change (a trailer's status, pause, hours, preparation
 * time, slot cap; an item's or add-on's sold-out mark). Each change is checked against the staff member's
 * trailers, written with its audit row in one transaction, then announced as `catalogueChanged`: this node's
 * catalogue reloads (its ETags with it), every other node hears it through the Redis relay, and each node's
 * socket server tells its customers ('catalogue-changed').
 */
import type { User } from "@contract/auth";
import type { TrailerBusiness, TrailerBusinessUpdate, VatRate } from "@contract/business";
import type { ParkFile } from "@contract/park-file";
import {
  AUDIT_LIST_SIZE,
  type AuditEntry,
  type StaffTrailer,
  type StaffTrailersResponse,
  type TrailerUpdate,
} from "@contract/park-operations";
import type { Database, Queryable } from "@server/db/database.js";
import { menuRepository } from "@server/db/repositories/menu.js";
import type { VendorRow } from "@server/db/repositories/vendors.js";
import { Conflict, Forbidden, NotFound } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import type { Catalogue } from "../catalogue/catalogue.js";
import {
  hoursOverridden,
  hoursTimes,
  nextHoursChange,
  type OpeningHours,
  parkTime,
  tradingStatus,
  withinHours,
} from "../catalogue/trading-hours.js";
import {
  assertInScope,
  inScope,
  type StaffScope,
  scopeVendorIds,
  staffScope,
} from "../staff-scope.js";
import { importSummary, soldOutSummary, trailerUpdateSummary } from "./audit-summary.js";
import { applyTrailer, type TrailerImportChange } from "./park-import.js";

export interface ParkOperationsDeps {
  db: Database;
  events: DomainEvents;
  catalogue: Catalogue;
  now?: () => Date;
}

type Staff = Pick<User, "id" | "email">;
/** Who made a change: a staff account, or a command run on the server (no account: `id` null). */
type Author = { id: number | null; email: string };

/** The operational fields of a vendor row, as the audit records them. */
function vendorState(row: VendorRow) {
  return {
    tradingStatus: row.trading_status,
    paused: row.paused ?? false,
    pausedUntil: row.paused_until ? new Date(row.paused_until).toISOString() : null,
    openingHours: row.opening_hours ?? null,
    preparationTime: { min: row.preparation_time_min, max: row.preparation_time_max },
    slotCap: row.slot_cap ?? null,
    pauseWhenFull: row.pause_when_full ?? false,
    hoursOverriddenUntil: row.hours_overridden_until
      ? new Date(row.hours_overridden_until).toISOString()
      : null,
  };
}

/** An Open outside the hours lasts a week at most when the hours never open (every day marked closed). */
const OVERRIDE_MAX_MS = 7 * 24 * 60 * 60_000;

/** Open always opens: outside its hours, until the schedule's next change (its next opening). */
function overrideUntil(hours: OpeningHours | null | undefined, at: Date): Date | null {
  if (!hours || withinHours(hours, at)) return null;
  return nextHoursChange(hours, at)?.at ?? new Date(at.getTime() + OVERRIDE_MAX_MS);
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Refuses hours that would close an open (or paused) trailer now, unless the staff confirmed it. */
function assertNoSurpriseClose(row: VendorRow, update: TrailerUpdate, at: Date) {
  if (update.openingHours === undefined || update.confirmClose || update.status) return;
  const before = tradingStatus(row, at);
  const after = tradingStatus(
    { ...row, opening_hours: update.openingHours, hours_overridden_until: null },
    at,
  );
  if (before === "closed" || after !== "closed") return;
  throw new Conflict(
    `These hours close ${row.name} now (it is ${hhmm(parkTime(at).minutes)} in the park). Save them anyway to close it, or change them.`,
  );
}

/** A trailer's business as the Trailers view shows it. */
export function businessOf(row: VendorRow): TrailerBusiness {
  return {
    legalName: row.legal_name ?? null,
    address: row.address_lines ?? [],
    postcode: row.postcode ?? null,
    vatNumber: row.vat_number ?? null,
    payoutAccount: row.payout_account ?? null,
  };
}

export const MANAGER_ONLY_MESSAGE =
  "Only a park manager can change a trailer's business details, payout account or VAT rates";

export function createParkOperations(deps: ParkOperationsDeps) {
  const { db, events, catalogue } = deps;
  const now = deps.now ?? (() => new Date());

  async function audit(
    tx: Queryable,
    staff: Author,
    entry: {
      vendorId: number;
      action: string;
      target: string;
      summary: string;
      before: unknown;
      after: unknown;
    },
  ) {
    await tx.query(
      `insert into park_audit (user_id, user_email, vendor_id, action, target, summary, before, after)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
      [
        staff.id,
        staff.email,
        entry.vendorId,
        entry.action,
        entry.target,
        entry.summary,
        JSON.stringify(entry.before),
        JSON.stringify(entry.after),
      ],
    );
  }

  /** After a committed change: every node reloads its catalogue and tells its customers. */
  async function announce() {
    events.emit("catalogueChanged");
    await catalogue.whenLoaded();
  }

  async function lockVendor(tx: Queryable, staff: Staff, vendorId: number): Promise<VendorRow> {
    const [row] = await tx.query<VendorRow>("select * from vendors where id = $1 for update", [
      vendorId,
    ]);
    if (!row) throw new NotFound(`Trailer ${vendorId} not found`);
    assertInScope(await staffScope(tx, staff.id), row.id);
    return row;
  }

  async function trailers(q: Queryable, vendorIds: StaffScope): Promise<StaffTrailer[]> {
    const vendors = (
      await q.query<VendorRow>("select * from vendors order by position, id")
    ).filter((row) => inScope(vendorIds, row.id));
    const ids = vendors.map((row) => row.id);
    const items = await q.query<{
      id: number;
      vendor_id: number;
      name: string;
      category: string;
      sold_out: boolean;
      vat_rate: VatRate;
    }>(
      `select id, vendor_id, name, category, sold_out, vat_rate from menu_items where vendor_id = any($1::int[])
       order by vendor_id, category_position, position, id`,
      [ids],
    );
    const groups = await q.query<{
      group_id: number;
      group_name: string;
      menu_item_id: number;
      addon_id: number;
      addon_name: string;
      sold_out: boolean;
      vat_rate: VatRate;
    }>(
      `select g.id as group_id, g.name as group_name, g.menu_item_id, a.id as addon_id, a.name as addon_name,
              a.sold_out, a.vat_rate
       from addon_groups g join addons a on a.group_id = g.id
       join menu_items mi on mi.id = g.menu_item_id
       where mi.vendor_id = any($1::int[]) order by g.menu_item_id, g.position, g.id, a.position, a.id`,
      [ids],
    );
    const groupsByItem = new Map<number, StaffTrailer["items"][number]["addonGroups"]>();
    for (const row of groups) {
      const list = groupsByItem.get(row.menu_item_id) ?? [];
      let group = list.find((entry) => entry.id === row.group_id);
      if (!group) {
        group = { id: row.group_id, name: row.group_name, addons: [] };
        list.push(group);
      }
      group.addons.push({
        id: row.addon_id,
        name: row.addon_name,
        soldOut: row.sold_out,
        vatRate: row.vat_rate,
      });
      groupsByItem.set(row.menu_item_id, list);
    }
    const at = now();
    return vendors.map((row) => {
      const state = vendorState(row);
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        status: tradingStatus(row, at),
        tradingStatus: state.tradingStatus,
        hoursOverriddenUntil: hoursOverridden(row, at) ? state.hoursOverriddenUntil : null,
        ...hoursTimes(row, at),
        paused: state.paused && (!state.pausedUntil || new Date(state.pausedUntil) > at),
        pausedUntil: state.pausedUntil,
        openingHours: state.openingHours,
        preparationTime: state.preparationTime,
        slotCap: state.slotCap,
        pauseWhenFull: state.pauseWhenFull,
        business: businessOf(row),
        items: items
          .filter((item) => item.vendor_id === row.id)
          .map((item) => ({
            id: item.id,
            name: item.name,
            category: item.category,
            soldOut: item.sold_out,
            vatRate: item.vat_rate,
            addonGroups: groupsByItem.get(item.id) ?? [],
          })),
      };
    });
  }

  return {
    async listTrailers(staff: Staff): Promise<StaffTrailersResponse> {
      const scope = await staffScope(db, staff.id);
      return { data: await trailers(db, scope), allTrailers: scope === "all" };
    },

    async updateTrailer(
      staff: Staff,
      vendorId: number,
      update: TrailerUpdate,
    ): Promise<StaffTrailer> {
      const result = await db.transaction(async (tx) => {
        const row = await lockVendor(tx, staff, vendorId);
        const before = vendorState(row);
        const sets: string[] = [];
        const values: unknown[] = [];
        const set = (column: string, value: unknown) => {
          values.push(value);
          sets.push(`${column} = $${values.length + 1}`);
        };
        const actions: string[] = [];
        const at = now();
        assertNoSurpriseClose(row, update, at);
        const hours =
          update.openingHours !== undefined ? update.openingHours : (row.opening_hours ?? null);
        if (update.status === "open") {
          set("trading_status", "open");
          set("paused", false);
          set("paused_until", null);
          set("hours_overridden_until", overrideUntil(hours as OpeningHours | null, at));
          actions.push("open");
        } else if (update.status === "closed") {
          set("trading_status", "closed");
          set("paused", false);
          set("paused_until", null);
          set("hours_overridden_until", null);
          actions.push("close");
        } else if (update.status === "paused") {
          const minutes = update.pauseMinutes ?? null;
          set("trading_status", "open");
          set("paused", true);
          set("paused_until", minutes ? new Date(now().getTime() + minutes * 60_000) : null);
          actions.push(minutes ? `pause ${minutes} min` : "pause until reopened");
        }
        if (update.extendPause && !update.status) {
          const running = row.paused && row.paused_until ? new Date(row.paused_until) : null;
          const from = running && running > at ? running : at;
          set("trading_status", "open");
          set("paused", true);
          set("paused_until", new Date(from.getTime() + update.extendPause * 60_000));
          actions.push(`pause +${update.extendPause} min`);
        }
        if (update.openingHours !== undefined) {
          set(
            "opening_hours",
            update.openingHours === null ? null : JSON.stringify(update.openingHours),
          );
          // New hours rule from now on; an Open sent with them keeps its override (a Close already cleared it).
          if (update.status === undefined || update.status === "paused")
            set("hours_overridden_until", null);
          actions.push("opening hours");
        }
        if (update.preparationTime) {
          set("preparation_time_min", update.preparationTime.min);
          set("preparation_time_max", update.preparationTime.max);
          actions.push("preparation time");
        }
        if (update.slotCap !== undefined) {
          set("slot_cap", update.slotCap);
          actions.push("slot cap");
        }
        if (update.pauseWhenFull !== undefined) {
          set("pause_when_full", update.pauseWhenFull);
          actions.push("pause when full");
        }
        if (sets.length > 0) {
          const [updated] = await tx.query<VendorRow>(
            `update vendors set ${sets.join(", ")} where id = $1 returning *`,
            [vendorId, ...values],
          );
          const after = vendorState(updated!);
          await audit(tx, staff, {
            vendorId,
            action: actions.join(", "),
            target: row.name,
            summary: trailerUpdateSummary(before, after),
            before,
            after,
          });
        }
        return (await trailers(tx, new Set([vendorId])))[0]!;
      });
      await announce();
      return result;
    },

    /** A park manager's change to a trailer's legal name, address, VAT number or payout account (audited). */
    async updateBusiness(
      staff: Staff,
      vendorId: number,
      update: TrailerBusinessUpdate,
    ): Promise<StaffTrailer> {
      const result = await db.transaction(async (tx) => {
        if ((await staffScope(tx, staff.id)) !== "all") throw new Forbidden(MANAGER_ONLY_MESSAGE);
        const row = await lockVendor(tx, staff, vendorId);
        const before = businessOf(row);
        const next: TrailerBusiness = {
          ...before,
          ...(update.business
            ? {
                legalName: update.business.legalName,
                address: update.business.address,
                postcode: update.business.postcode,
                vatNumber: update.business.vatNumber ?? null,
              }
            : {}),
          ...(update.payoutAccount !== undefined ? { payoutAccount: update.payoutAccount } : {}),
        };
        await tx.query(
          `update vendors set legal_name = $2, address_lines = $3, postcode = $4, vat_number = $5,
             payout_account = $6 where id = $1`,
          [
            vendorId,
            next.legalName,
            next.address,
            next.postcode,
            next.vatNumber,
            next.payoutAccount,
          ],
        );
        await audit(tx, staff, {
          vendorId,
          action: "business details",
          target: row.name,
          summary: `${row.name}: business details changed`,
          before,
          after: next,
        });
        return (await trailers(tx, new Set([vendorId])))[0]!;
      });
      return result;
    },

    /** A park manager's change of an item's or add-on's VAT rate (audited); orders already placed keep theirs. */
    async setVatRate(staff: Staff, target: "item" | "addon", id: number, vatRate: VatRate) {
      await db.transaction(async (tx) => {
        if ((await staffScope(tx, staff.id)) !== "all") throw new Forbidden(MANAGER_ONLY_MESSAGE);
        const [row] = await tx.query<{ name: string; vendor_id: number; vat_rate: number }>(
          target === "item"
            ? "select name, vendor_id, vat_rate from menu_items where id = $1 for update"
            : `select a.name, mi.vendor_id, a.vat_rate from addons a join addon_groups g on g.id = a.group_id
               join menu_items mi on mi.id = g.menu_item_id where a.id = $1 for update of a`,
          [id],
        );
        if (!row)
          throw new NotFound(`${target === "item" ? "Menu item" : "Add-on"} ${id} not found`);
        await tx.query(
          `update ${target === "item" ? "menu_items" : "addons"} set vat_rate = $2 where id = $1`,
          [id, vatRate],
        );
        await audit(tx, staff, {
          vendorId: row.vendor_id,
          action: "VAT rate",
          target: row.name,
          summary: `${row.name}: VAT ${row.vat_rate} % → ${vatRate} %`,
          before: { vatRate: row.vat_rate },
          after: { vatRate },
        });
      });
      return { id, vatRate };
    },

    async setItemSoldOut(staff: Staff, itemId: number, soldOut: boolean) {
      await db.transaction(async (tx) => {
        const item = await menuRepository(tx).itemById(itemId);
        if (!item) throw new NotFound(`Menu item ${itemId} not found`);
        await lockVendor(tx, staff, item.vendor_id);
        const [before] = await tx.query<{ sold_out: boolean }>(
          "select sold_out from menu_items where id = $1 for update",
          [itemId],
        );
        await tx.query("update menu_items set sold_out = $2 where id = $1", [itemId, soldOut]);
        await audit(tx, staff, {
          vendorId: item.vendor_id,
          action: soldOut ? "sold out" : "back on",
          target: item.name,
          summary: soldOutSummary(item.name, soldOut),
          before: { soldOut: before!.sold_out },
          after: { soldOut },
        });
      });
      await announce();
      return { id: itemId, soldOut };
    },

    async setAddonSoldOut(staff: Staff, addonId: number, soldOut: boolean) {
      await db.transaction(async (tx) => {
        const [addon] = await tx.query<{
          id: number;
          name: string;
          sold_out: boolean;
          vendor_id: number;
          item_name: string;
        }>(
          `select a.id, a.name, a.sold_out, mi.vendor_id, mi.name as item_name
           from addons a join addon_groups g on g.id = a.group_id join menu_items mi on mi.id = g.menu_item_id
           where a.id = $1`,
          [addonId],
        );
        if (!addon) throw new NotFound(`Add-on ${addonId} not found`);
        await lockVendor(tx, staff, addon.vendor_id);
        await tx.query("update addons set sold_out = $2 where id = $1", [addonId, soldOut]);
        const target = `${addon.name} (${addon.item_name})`;
        await audit(tx, staff, {
          vendorId: addon.vendor_id,
          action: soldOut ? "sold out" : "back on",
          target,
          summary: soldOutSummary(target, soldOut),
          before: { soldOut: addon.sold_out },
          after: { soldOut },
        });
      });
      await announce();
      return { id: addonId, soldOut };
    },

    /**
     * Applies a checked park file (menus, prices, add-ons, allergens) in ONE transaction, with one audit row per
     * trailer it changed (only what differs, before → after, and in words with the file's name `source`), then
     * announces it like every other change.
     */
    async importPark(by: Author, park: ParkFile, source: string): Promise<TrailerImportChange[]> {
      const changes = await db.transaction(async (tx) => {
        // One import at a time (two files applied at once would interleave their matching).
        await tx.query("select pg_advisory_xact_lock(4242003)");
        const changed: TrailerImportChange[] = [];
        for (const trailer of park.trailers) {
          const change = await applyTrailer(tx, trailer);
          if (!change) continue;
          changed.push(change);
          await audit(tx, by, {
            vendorId: change.vendorId,
            action: change.created ? "menu import (new trailer)" : "menu import",
            target: change.name,
            summary: importSummary(change, source),
            before: change.created ? null : change.before,
            after: change.after,
          });
        }
        return changed;
      });
      if (changes.length) await announce();
      return changes;
    },

    /** The latest changes to the trailers this staff member runs (every trailer for a park manager). */
    async auditLog(staff: Staff): Promise<AuditEntry[]> {
      const scope = await staffScope(db, staff.id);
      const rows = await db.query<{
        id: number;
        at: Date | string;
        user_email: string;
        vendor_id: number | null;
        vendor_name: string | null;
        action: string;
        target: string;
        summary: string | null;
        before: unknown;
        after: unknown;
      }>(
        `select p.id, p.at, p.user_email, p.vendor_id, v.name as vendor_name, p.action, p.target, p.summary,
                p.before, p.after
         from park_audit p left join vendors v on v.id = p.vendor_id
         where $1::int[] is null or p.vendor_id = any($1::int[])
         order by p.at desc, p.id desc limit $2`,
        [scopeVendorIds(scope), AUDIT_LIST_SIZE],
      );
      return rows.map((row) => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        who: row.user_email,
        vendorId: row.vendor_id,
        vendorName: row.vendor_name,
        action: row.action,
        target: row.target,
        // Rows recorded before migration 011 have no summary. Removal: a migration that fills them with this
        // same text and makes the column not null.
        summary: row.summary ?? `${row.action} — ${row.target}`,
        before: row.before,
        after: row.after,
      }));
    },
  };
}

export type ParkOperations = ReturnType<typeof createParkOperations>;
