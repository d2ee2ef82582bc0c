import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MenuItem, MenuResponse, Vendor, VendorListResponse } from "@contract/vendors";
import type { Database } from "@server/db/database.js";
import { menuRepository } from "@server/db/repositories/menu.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import type { DomainEvents } from "@server/events.js";
import { bodyHash, type SerialisedBody, serialiseBytes } from "@server/lib/serialised-body.js";
import { nextPauseEnd, tradingStatus } from "./trading-hours.js";
import {
  groupByCategory,
  toAddonGroup,
  toMenuItem,
  toVendor,
  type VendorListQuery,
} from "./vendor-service.js";

/** Bodies below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** How often the catalogue looks whether a trailer's opening hours began or ended. */
const STATUS_CHECK_MS = 20_000;
/**
 * PostgreSQL only: how often each node looks whether the park's record of changes (park_audit) gained a row it has
 * not loaded, e.g. one written by `npm run park:import` from another process. One indexed read of max(id).
 */
export const CATALOGUE_FOLLOW_MS = 2_000;
/** Distinct vendor-list pages kept serialised per snapshot; past it a page is built per request. */
const MAX_CACHED_LIST_PAGES = 256;

interface Snapshot {
  /** Every vendor in park order, and the ones the park has switched on. */
  readonly vendors: readonly Vendor[];
  readonly activeVendors: readonly Vendor[];
  /** Keyed by the id as a path gives it: '12' and 'vendor_12' (items: '34' and 'item_34'). */
  readonly vendorByParam: ReadonlyMap<string, SerialisedBody>;
  readonly menuByParam: ReadonlyMap<string, SerialisedBody>;
  readonly itemByParam: ReadonlyMap<string, SerialisedBody>;
  readonly addonGroupsByParam: ReadonlyMap<string, SerialisedBody>;
  readonly listPages: Map<string, SerialisedBody>;
  readonly loadedAt: Date;
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);
// Built once per catalogue change, off the event loop. Quality 9, not 11: within ~5 % of 11's size on
// menu JSON at a tenth of the time (11 took ~1.2 s for the demo park's ~180 bodies, 9 about 0.1 s).
const BUILD_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } };
const BUILD_GZIP = { level: 9 };
// Built on a request (an uncommon list page): moderate, fast settings.
const REQUEST_COMPRESSION = { brotliQuality: 5, gzipLevel: 6 };

/** The bodies of the snapshot being replaced, by hash: a change to one item leaves the other menus' bytes alone. */
type EarlierBodies = ReadonlyMap<string, SerialisedBody>;

async function serialiseBody(value: unknown, earlier: EarlierBodies): Promise<SerialisedBody> {
  const json = Buffer.from(JSON.stringify(value));
  const hash = bodyHash(json);
  const same = earlier.get(hash);
  if (same) return same;
  if (json.length < COMPRESS_MIN_BYTES) return { bytes: json, hash };
  const [br, gzip] = await Promise.all([
    brotliAsync(json, BUILD_BROTLI),
    gzipAsync(json, BUILD_GZIP),
  ]);
  return { bytes: json, hash, br, gzip };
}

function serialiseNow(value: unknown): SerialisedBody {
  const json = Buffer.from(JSON.stringify(value));
  if (json.length < COMPRESS_MIN_BYTES) return { bytes: json, hash: bodyHash(json) };
  return serialiseBytes(json, REQUEST_COMPRESSION);
}

function listPage(vendors: readonly Vendor[], query: VendorListQuery): VendorListResponse {
  const offset = (query.page - 1) * query.limit;
  return {
    data: vendors.slice(offset, offset + query.limit),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: vendors.length,
      totalPages: Math.ceil(vendors.length / query.limit),
    },
  };
}

const listKey = (query: VendorListQuery) =>
  `${query.page}:${query.limit}:${query.status === "active" ? "a" : ""}`;

export interface CatalogueDeps {
  db: Database;
  events: DomainEvents;
  logError?: (error: unknown, context: string) => void;
}

/**
 * The public catalogue (vendor list, vendors, menus, items and their add-on groups) held in memory.
 * Loaded at start and replaced as a whole on `catalogueChanged`, never per request: read routes answer
 * from it without touching the database. Carts and orders still price from the database.
 */
export function createCatalogue({ db, events, logError }: CatalogueDeps) {
  let snapshot: Snapshot | undefined;
  /** The newest park_audit row the served snapshot includes (PostgreSQL: the follow timer compares it). */
  let auditSeen = 0;
  let loading: Promise<void> | undefined;
  let again = false;

  /** Every body the served snapshot holds, by hash (the list pages are few and cheap: built again). */
  function servedBodies(): EarlierBodies {
    const bodies = new Map<string, SerialisedBody>();
    if (!snapshot) return bodies;
    for (const map of [
      snapshot.vendorByParam,
      snapshot.menuByParam,
      snapshot.itemByParam,
      snapshot.addonGroupsByParam,
    ]) {
      for (const body of map.values()) bodies.set(body.hash, body);
    }
    return bodies;
  }

  async function build(): Promise<Snapshot> {
    // One consistent read of the whole catalogue.
    const { vendorRows, itemRows, groups } = await db.transaction(async (tx) => {
      if (db.kind === "postgres") {
        await tx.query("set transaction isolation level repeatable read, read only");
        const [row] = await tx.query<{ id: number }>(
          "select coalesce(max(id), 0)::int as id from park_audit",
        );
        auditSeen = row?.id ?? 0;
      }
      return {
        vendorRows: await vendorsRepository(tx).all(),
        itemRows: await menuRepository(tx).allItems(),
        groups: await menuRepository(tx).allAddonGroups(),
      };
    });
    rows = vendorRows;
    rowsReadAt = new Date();
    const vendors = vendorRows.map(toVendor);
    const activeIds = new Set(vendorRows.filter((row) => row.active).map((row) => row.id));
    const itemsByVendor = new Map<number, MenuItem[]>();
    for (const row of itemRows) {
      const item = toMenuItem(row);
      const list = itemsByVendor.get(row.vendor_id);
      if (list) list.push(item);
      else itemsByVendor.set(row.vendor_id, [item]);
    }
    const groupsByItem = new Map<number, ReturnType<typeof toAddonGroup>[]>();
    for (const group of groups) {
      const list = groupsByItem.get(group.menu_item_id);
      if (list) list.push(toAddonGroup(group));
      else groupsByItem.set(group.menu_item_id, [toAddonGroup(group)]);
    }

    // Compressing every body again took most of a change's time (~180 bodies at brotli 9): only new bytes are.
    const earlier = servedBodies();
    const serialise = (value: unknown) => serialiseBody(value, earlier);
    const vendorByParam = new Map<string, SerialisedBody>();
    const menuByParam = new Map<string, SerialisedBody>();
    const itemByParam = new Map<string, SerialisedBody>();
    const addonGroupsByParam = new Map<string, SerialisedBody>();
    const both = (
      map: Map<string, SerialisedBody>,
      prefix: string,
      id: number,
      body: SerialisedBody,
    ) => {
      map.set(String(id), body);
      map.set(`${prefix}_${id}`, body);
    };
    await Promise.all([
      ...vendors.map(async (vendor) => {
        both(vendorByParam, "vendor", vendor.id, await serialise(vendor));
        const menu: MenuResponse = { items: groupByCategory(itemsByVendor.get(vendor.id) ?? []) };
        both(menuByParam, "vendor", vendor.id, await serialise(menu));
      }),
      ...itemRows.map(async (row) => {
        const item = toMenuItem(row);
        both(itemByParam, "item", row.id, await serialise({ item }));
        both(
          addonGroupsByParam,
          "item",
          row.id,
          await serialise({ addonGroups: groupsByItem.get(row.id) ?? [] }),
        );
      }),
    ]);

    const next: Snapshot = {
      vendors,
      activeVendors: vendors.filter((vendor) => activeIds.has(vendor.id)),
      vendorByParam,
      menuByParam,
      itemByParam,
      addonGroupsByParam,
      listPages: new Map(),
      loadedAt: new Date(),
    };
    // The pages the app asks for: the first page, with and without the switched-off vendors.
    for (const status of [undefined, "active"] as const) {
      const query = { page: 1, limit: 20, status };
      next.listPages.set(listKey(query), await serialise(listPage(pick(next, query), query)));
    }
    return next;
  }

  const pick = (from: Snapshot, query: VendorListQuery) =>
    query.status === "active" ? from.activeVendors : from.vendors;

  function current(): Snapshot {
    if (!snapshot) throw new Error("The catalogue is read before it was loaded");
    return snapshot;
  }

  /** Loads a fresh snapshot and swaps it in whole; calls during a load coalesce into one more load. */
  function reload(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          snapshot = await build();
        } while (again);
        scheduleStatusCheck();
        events.emit("catalogueReloaded");
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  // A trailer's status also changes by itself (a timed pause ends, opening hours begin or end): reload exactly when
  // the earliest pause ends, and look every STATUS_CHECK_MS whether any trailer's status differs from the snapshot's.
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  let statusTimer: ReturnType<typeof setInterval> | undefined;
  let rows: readonly VendorRow[] = [];
  let rowsReadAt = new Date();
  function scheduleStatusCheck() {
    if (pauseTimer) clearTimeout(pauseTimer);
    pauseTimer = undefined;
    if (!started) return;
    // From when the snapshot was read: a pause that ended while it was being built reloads at once.
    const next = nextPauseEnd(rows, rowsReadAt);
    if (next) {
      pauseTimer = setTimeout(onChange, Math.max(0, next.getTime() - Date.now()) + 50);
      pauseTimer.unref?.();
    }
  }
  function statusDrifted(): boolean {
    const at = new Date();
    const served = snapshot?.vendors;
    if (!served) return false;
    return rows.some(
      (row) => served.find((vendor) => vendor.id === row.id)?.status !== tradingStatus(row, at),
    );
  }
  let started = false;
  let followTimer: ReturnType<typeof setInterval> | undefined;
  let following = false;
  /** A change another process recorded (an import from the command line) reloads this node within CATALOGUE_FOLLOW_MS. */
  async function followDatabase() {
    if (following || loading) return;
    following = true;
    try {
      const [row] = await db.query<{ id: number }>(
        "select coalesce(max(id), 0)::int as id from park_audit",
      );
      if ((row?.id ?? 0) > auditSeen) onChange();
    } catch {
      // The database is away: the next look tries again (outages are reported where requests fail).
    } finally {
      following = false;
    }
  }

  const onChange = () => {
    reload().catch((error) => (logError ?? console.error)(error, "reloading the catalogue failed"));
  };

  return {
    reload,

    /** Loads the first snapshot and follows `catalogueChanged` from then on. */
    async start(): Promise<void> {
      started = true;
      await reload();
      events.on("catalogueChanged", onChange);
      statusTimer = setInterval(() => {
        if (!loading && statusDrifted()) onChange();
      }, STATUS_CHECK_MS);
      statusTimer.unref?.();
      if (db.kind === "postgres") {
        followTimer = setInterval(() => void followDatabase(), CATALOGUE_FOLLOW_MS);
        followTimer.unref?.();
      }
    },

    /** Settles when no load is under way (e.g. after emitting `catalogueChanged`). */
    whenLoaded: (): Promise<void> => loading ?? Promise.resolve(),

    stop(): void {
      started = false;
      events.off("catalogueChanged", onChange);
      if (pauseTimer) clearTimeout(pauseTimer);
      if (statusTimer) clearInterval(statusTimer);
      if (followTimer) clearInterval(followTimer);
    },

    /** When the snapshot now served was read from the database. */
    loadedAt: (): Date => current().loadedAt,

    /** The vendors the park has switched on, in the order `GET /api/vendors/list?status=active` lists them. */
    activeVendors: (): readonly Vendor[] => current().activeVendors,

    /** Every vendor in park order (switched-off ones included), for in-memory lookups. */
    vendors: (): readonly Vendor[] => current().vendors,

    vendorList(query: VendorListQuery): SerialisedBody {
      const from = current();
      const key = listKey(query);
      const cached = from.listPages.get(key);
      if (cached) return cached;
      const body = serialiseNow(listPage(pick(from, query), query));
      if (from.listPages.size < MAX_CACHED_LIST_PAGES) from.listPages.set(key, body);
      return body;
    },

    /** Lookups by the id exactly as the path gives it ('12' or 'vendor_12'); undefined when unknown. */
    vendor: (param: string): SerialisedBody | undefined => current().vendorByParam.get(param),
    menu: (param: string): SerialisedBody | undefined => current().menuByParam.get(param),
    item: (param: string): SerialisedBody | undefined => current().itemByParam.get(param),
    addonGroups: (param: string): SerialisedBody | undefined =>
      current().addonGroupsByParam.get(param),
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
