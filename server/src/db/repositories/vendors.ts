import type { OpeningHoursInput as OpeningHours } from "@contract/park-operations";
import type { Queryable } from "../database.js";

export interface VendorRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  logo: string;
  image: string;
  trading_status: "open" | "closed";
  active: boolean;
  /** numeric(2,1): the pg driver hands it over as a string. */
  rating: string | number;
  preparation_time_min: number;
  preparation_time_max: number;
  price_category: string;
  phone: string | null;
  email: string | null;
  /** Park operations: a pause (timed or until reopened), opening hours, the per-slot order cap. */
  paused?: boolean;
  paused_until?: Date | string | null;
  opening_hours?: OpeningHours | null;
  /** Staff opened it outside its hours until then (migration 014). */
  hours_overridden_until?: Date | string | null;
  slot_cap?: number | null;
  pause_when_full?: boolean;
  /** The business behind the trailer (contract/business.ts). */
  legal_name?: string | null;
  address_lines?: string[];
  postcode?: string | null;
  vat_number?: string | null;
  payout_account?: string | null;
}

export interface VendorPageQuery {
  offset: number;
  limit: number;
  /** Only vendors the park has switched on. */
  activeOnly: boolean;
}

/** The advisory-lock namespace of a trailer's slot count (the other key is the trailer's id). */
const SLOT_COUNT_LOCK = 4242012;

export function vendorsRepository(db: Queryable) {
  return {
    /**
     * Inside a purchase's transaction, before its slots are counted: waits until no other purchase of these
     * trailers (on any node) is between counting a slot and committing its order. Only trailers with a slot cap
     * are locked, in id order (two baskets naming the same trailers never wait on each other), in one statement:
     * a volatile function in the select list runs after ORDER BY.
     */
    async lockSlotCounts(vendorIds: readonly number[]): Promise<void> {
      await db.query(
        `select pg_advisory_xact_lock(${SLOT_COUNT_LOCK}, id) from vendors
         where id = any($1::int[]) and slot_cap is not null order by id`,
        [[...new Set(vendorIds)]],
      );
    },

    /** `lockSlotCounts` for one trailer whose row is at hand (no statement at all when it has no cap). */
    async lockSlotCount(vendor: Pick<VendorRow, "id" | "slot_cap">): Promise<void> {
      if (!vendor.slot_cap) return;
      await db.query(`select pg_advisory_xact_lock(${SLOT_COUNT_LOCK}, $1)`, [vendor.id]);
    },

    async list(query: VendorPageQuery): Promise<{ rows: VendorRow[]; total: number }> {
      const where = query.activeOnly ? "where active" : "";
      const rows = await db.query<VendorRow>(
        `select * from vendors ${where} order by position, id limit $1 offset $2`,
        [query.limit, query.offset],
      );
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from vendors ${where}`,
      );
      return { rows, total: count?.total ?? 0 };
    },

    /** Every vendor in park order (the in-memory catalogue's load). */
    async all(): Promise<VendorRow[]> {
      return db.query<VendorRow>("select * from vendors order by position, id");
    },

    async findById(id: number): Promise<VendorRow | null> {
      const [row] = await db.query<VendorRow>("select * from vendors where id = $1", [id]);
      return row ?? null;
    },
  };
}
