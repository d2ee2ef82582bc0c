/**
 * A park file (contract/park-file.ts) checked against the contract with every complaint on its line, and applied to
 * the database: trailers matched by slug, items by name within the trailer, add-on groups by name within the item,
 * add-ons by name within the group. Matched rows are updated in place (their ids, sold-out marks and everything
 * the file does not carry stay), new ones are added, and what the file no longer lists is removed: an item an order
 * already names cannot be deleted, so it stays, marked unavailable and sold out. Trailers the file does not name
 * are left as they are; an existing trailer keeps its trading status (run from the staff board), a new one starts
 * with the file's.
 */
import { DEFAULT_VAT_RATE, type VatRate } from "@contract/business";
import {
  PARK_FILE_LIMITS,
  type ParkFile,
  type ParkItem,
  type ParkTrailer,
  parkFileSchema,
} from "@contract/park-file";
import type { Queryable } from "@server/db/database.js";
import {
  addonRowValues,
  insertAddonGroupRow,
  insertAddonRow,
  insertMenuItemRow,
  insertVendorRow,
} from "@server/db/repositories/park-rows.js";
import {
  deeperThan,
  type JsonPath,
  jsonLines,
  lineOf,
  pathText,
  syntaxErrorLine,
} from "@server/lib/json-lines.js";

export type ParkFileCheck = { ok: true; park: ParkFile } | { ok: false; errors: string[] };

/** Parses and checks a park file's text; each error reads "park.json:42: trailers[0]…pricePence: must be …". */
export function checkParkFile(text: string, fileName: string): ParkFileCheck {
  const refused = (line: number, path: JsonPath, message: string): ParkFileCheck => ({
    ok: false,
    errors: [`${fileName}:${line}: ${pathText(path)}: ${message}`],
  });
  const tooLarge = fileSizeProblem(Buffer.byteLength(text, "utf8"), fileName);
  if (tooLarge) return { ok: false, errors: [tooLarge] };
  // Before parsing: nothing below (the parser, the line finder) ever meets a deeper file.
  const tooDeep = deeperThan(text, PARK_FILE_LIMITS.nesting);
  if (tooDeep)
    return refused(
      tooDeep.line,
      tooDeep.path,
      `nests deeper than ${PARK_FILE_LIMITS.nesting} levels (no park file needs more than 8)`,
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      errors: [
        `${fileName}:${syntaxErrorLine(text, error)}: (the whole file): not valid JSON (${reason})`,
      ],
    };
  }
  const parsed = parkFileSchema.safeParse(data);
  if (parsed.success) return { ok: true, park: parsed.data };
  const lines = jsonLines(text);
  const errors = parsed.error.issues.flatMap((issue) => {
    // An unknown field is named by its own line.
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => {
      const path = key === undefined ? issue.path : [...issue.path, key];
      const message = key === undefined ? issue.message : "is not a field of this format";
      return { line: lineOf(lines, path), text: `${pathText(path)}: ${message}` };
    });
  });
  errors.sort((a, b) => a.line - b.line);
  return { ok: false, errors: errors.map((error) => `${fileName}:${error.line}: ${error.text}`) };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file over PARK_FILE_LIMITS.fileBytes, as its one error line; null within it. */
export function fileSizeProblem(bytes: number, fileName: string): string | null {
  if (bytes <= PARK_FILE_LIMITS.fileBytes) return null;
  return `${fileName}:1: (the whole file): is ${megabytes(bytes)}; a park file is at most ${megabytes(PARK_FILE_LIMITS.fileBytes)}`;
}

/** One trailer's change, as the audit records it: only what differs, before → after. */
export interface TrailerImportChange {
  vendorId: number;
  name: string;
  created: boolean;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  kept: string[];
}

const key = (name: string) => name.trim().toLowerCase();

interface ItemRowFull {
  id: number;
  name: string;
  category: string;
  category_position: number;
  position: number;
  description: string;
  price_pence: number;
  image: string | null;
  allergens: string[];
  badges: string[];
  available: boolean;
  vat_rate: number;
}

/** What an item is, as the file writes it (for before → after). */
async function itemAsFile(tx: Queryable, row: ItemRowFull) {
  const groups = await tx.query<{
    id: number;
    name: string;
    min_quantity: number;
    max_quantity: number;
    is_required: boolean;
  }>(
    "select id, name, min_quantity, max_quantity, is_required from addon_groups where menu_item_id = $1 order by position, id",
    [row.id],
  );
  const addons = await tx.query<{
    group_id: number;
    name: string;
    description: string;
    price_pence: number;
    is_default: boolean;
    allergens: string[];
    vat_rate: number;
  }>(
    `select a.group_id, a.name, a.description, a.price_pence, a.is_default, a.allergens, a.vat_rate from addons a
     join addon_groups g on g.id = a.group_id where g.menu_item_id = $1 order by a.position, a.id`,
    [row.id],
  );
  const item: ParkItem & { category: string } = {
    category: row.category,
    name: row.name,
    description: row.description,
    pricePence: row.price_pence,
    image: row.image ?? "",
    allergens: [...row.allergens],
    vatRate: row.vat_rate as VatRate,
    badges: [...row.badges] as ParkItem["badges"],
    addonGroups: groups.map((group) => ({
      name: group.name,
      minQuantity: group.min_quantity,
      maxQuantity: group.max_quantity,
      isRequired: group.is_required,
      addons: addons
        .filter((addon) => addon.group_id === group.id)
        .map((addon) => ({
          name: addon.name,
          description: addon.description,
          pricePence: addon.price_pence,
          isDefault: addon.is_default,
          allergens: [...addon.allergens],
          vatRate: addon.vat_rate as VatRate,
        })),
    })),
  };
  return item;
}

function fileItem(item: ParkItem, category: string) {
  return {
    category,
    name: item.name,
    description: item.description,
    pricePence: item.pricePence,
    image: item.image,
    allergens: [...item.allergens],
    vatRate: item.vatRate ?? DEFAULT_VAT_RATE,
    badges: [...(item.badges ?? [])],
    addonGroups: (item.addonGroups ?? []).map((group) => ({
      name: group.name,
      minQuantity: group.minQuantity,
      maxQuantity: group.maxQuantity,
      isRequired: group.isRequired,
      addons: group.addons.map((addon) => ({
        name: addon.name,
        description: addon.description ?? "",
        pricePence: addon.pricePence,
        isDefault: addon.isDefault ?? false,
        allergens: [...(addon.allergens ?? [])],
        vatRate: addon.vatRate ?? DEFAULT_VAT_RATE,
      })),
    })),
  };
}

const VENDOR_FIELDS = [
  ["name", "name"],
  ["description", "description"],
  ["logo", "logo"],
  ["image", "image"],
  ["rating", "rating"],
  ["preparationTimeMin", "preparation_time_min"],
  ["preparationTimeMax", "preparation_time_max"],
  ["priceCategory", "price_category"],
  ["phone", "phone"],
  ["email", "email"],
] as const;

/** The business columns the file sets (a trailer without `business` or `payoutAccount` keeps what it has). */
function businessChanges(trailer: ParkTrailer): [string, string, unknown][] {
  const changes: [string, string, unknown][] = [];
  const { business } = trailer;
  if (business) {
    changes.push(["legalName", "legal_name", business.legalName]);
    changes.push(["address", "address_lines", business.address]);
    changes.push(["postcode", "postcode", business.postcode]);
    changes.push(["vatNumber", "vat_number", business.vatNumber ?? null]);
  }
  if (trailer.payoutAccount !== undefined)
    changes.push(["payoutAccount", "payout_account", trailer.payoutAccount]);
  return changes;
}

/** Applies one trailer of a park file inside the caller's transaction; answers what changed (null: nothing). */
export async function applyTrailer(
  tx: Queryable,
  trailer: ParkTrailer,
): Promise<TrailerImportChange | null> {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const kept: string[] = [];
  const [existing] = await tx.query<Record<string, unknown> & { id: number }>(
    "select * from vendors where slug = $1 for update",
    [trailer.slug],
  );
  let vendorId: number;
  const created = !existing;
  if (existing) {
    vendorId = existing.id;
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [field, column] of VENDOR_FIELDS) {
      const now = existing[column];
      const next = trailer[field];
      if (now === next || (typeof next === "number" && Number(now) === next)) continue;
      before[field] = now;
      after[field] = next;
      values.push(next);
      sets.push(`${column} = $${values.length + 1}`);
    }
    for (const [field, column, next] of businessChanges(trailer)) {
      const now = existing[column] ?? null;
      if (JSON.stringify(now) === JSON.stringify(next)) continue;
      before[field] = now;
      after[field] = next;
      values.push(next);
      sets.push(`${column} = $${values.length + 1}`);
    }
    if (sets.length)
      await tx.query(`update vendors set ${sets.join(", ")} where id = $1`, [vendorId, ...values]);
  } else {
    vendorId = await insertVendorRow(tx, trailer, "last");
    for (const [field] of VENDOR_FIELDS) after[field] = trailer[field];
    for (const [field, , next] of businessChanges(trailer)) after[field] = next;
    after.status = trailer.status;
  }

  const itemRows = await tx.query<ItemRowFull>(
    `select id, name, category, category_position, position, description, price_pence, image, allergens, badges,
            available, vat_rate
     from menu_items where vendor_id = $1 order by category_position, position, id`,
    [vendorId],
  );
  const byName = new Map(itemRows.map((row) => [key(row.name), row]));
  const listed = new Set<string>();
  const itemsBefore: Record<string, unknown> = {};
  const itemsAfter: Record<string, unknown> = {};
  for (const [categoryPosition, category] of trailer.categories.entries()) {
    for (const [position, item] of category.items.entries()) {
      listed.add(key(item.name));
      const row = byName.get(key(item.name));
      const next = fileItem(item, category.name);
      if (row) {
        const now = await itemAsFile(tx, row);
        const moved = row.category_position !== categoryPosition || row.position !== position;
        const same = JSON.stringify(now) === JSON.stringify(next);
        if (same && !moved && row.available) continue;
        await tx.query(
          `update menu_items set name = $2, description = $3, price_pence = $4, image = $5, allergens = $6,
             badges = $7, category = $8, category_position = $9, position = $10, available = true,
             vat_rate = $11
           where id = $1`,
          [
            row.id,
            item.name,
            item.description,
            item.pricePence,
            item.image,
            item.allergens,
            item.badges ?? [],
            category.name,
            categoryPosition,
            position,
            item.vatRate ?? DEFAULT_VAT_RATE,
          ],
        );
        if (!same || !row.available) {
          itemsBefore[item.name] = row.available ? now : { ...now, available: false };
          itemsAfter[item.name] = next;
        }
        await applyGroups(tx, row.id, item);
      } else {
        const placement = { vendorId, category: category.name, categoryPosition, position };
        await applyGroups(tx, await insertMenuItemRow(tx, placement, item), item);
        itemsBefore[item.name] = null;
        itemsAfter[item.name] = next;
      }
    }
  }
  for (const row of itemRows) {
    if (listed.has(key(row.name))) continue;
    const [ordered] = await tx.query("select 1 from order_items where menu_item_id = $1 limit 1", [
      row.id,
    ]);
    if (ordered) {
      if (!row.available) continue;
      await tx.query("update menu_items set available = false, sold_out = true where id = $1", [
        row.id,
      ]);
      kept.push(row.name);
      itemsBefore[row.name] = await itemAsFile(tx, row);
      itemsAfter[row.name] = { available: false, soldOut: true };
    } else {
      itemsBefore[row.name] = await itemAsFile(tx, row);
      await tx.query("delete from menu_items where id = $1", [row.id]);
      itemsAfter[row.name] = null;
    }
  }
  if (Object.keys(itemsAfter).length) {
    before.items = itemsBefore;
    after.items = itemsAfter;
  }
  if (!created && Object.keys(after).length === 0) return null;
  return { vendorId, name: trailer.name, created, before, after, kept };
}

/** An item's add-on groups and add-ons made what the file says, matched by name so ids (and carts) survive. */
async function applyGroups(tx: Queryable, itemId: number, item: ParkItem): Promise<void> {
  const groups = await tx.query<{ id: number; name: string }>(
    "select id, name from addon_groups where menu_item_id = $1",
    [itemId],
  );
  const groupByName = new Map(groups.map((group) => [key(group.name), group]));
  const keptGroups = new Set<number>();
  for (const [groupPosition, group] of (item.addonGroups ?? []).entries()) {
    let groupId = groupByName.get(key(group.name))?.id;
    if (groupId) {
      await tx.query(
        `update addon_groups set name = $2, min_quantity = $3, max_quantity = $4, is_required = $5, position = $6
         where id = $1`,
        [
          groupId,
          group.name,
          group.minQuantity,
          group.maxQuantity,
          group.isRequired,
          groupPosition,
        ],
      );
    } else {
      groupId = await insertAddonGroupRow(tx, itemId, group, groupPosition);
    }
    keptGroups.add(groupId);
    const addons = await tx.query<{ id: number; name: string }>(
      "select id, name from addons where group_id = $1",
      [groupId],
    );
    const addonByName = new Map(addons.map((addon) => [key(addon.name), addon]));
    const keptAddons = new Set<number>();
    for (const [addonPosition, addon] of group.addons.entries()) {
      const found = addonByName.get(key(addon.name));
      if (found) {
        await tx.query(
          `update addons set name = $2, description = $3, price_pence = $4, is_default = $5, allergens = $6,
             position = $7, vat_rate = $8 where id = $1`,
          [found.id, ...addonRowValues(addon, addonPosition)],
        );
        keptAddons.add(found.id);
      } else {
        await insertAddonRow(tx, groupId, addon, addonPosition);
      }
    }
    for (const addon of addons)
      if (!keptAddons.has(addon.id)) await tx.query("delete from addons where id = $1", [addon.id]);
  }
  for (const group of groups)
    if (!keptGroups.has(group.id))
      await tx.query("delete from addon_groups where id = $1", [group.id]);
}
