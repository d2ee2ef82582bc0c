/**
 * Which trailers a staff account runs: a park manager (no rows in `staff_trailers`) runs every trailer, trailer
 * staff only the trailers named there. Every staff read and write, HTTP or socket, is narrowed by it.
 */
import type { Queryable } from "../db/database.js";
import { Forbidden } from "../domain-errors.js";

/** 'all' for a park manager, else the ids of the trailers the account runs. */
export type StaffScope = "all" | ReadonlySet<number>;

export const OUT_OF_SCOPE_MESSAGE = "You can only change the trailers you run";

export async function staffScope(q: Queryable, userId: number): Promise<StaffScope> {
  const rows = await q.query<{ vendor_id: number }>(
    "select vendor_id from staff_trailers where user_id = $1 order by vendor_id",
    [userId],
  );
  return rows.length === 0 ? "all" : new Set(rows.map((row) => row.vendor_id));
}

export const inScope = (scope: StaffScope, vendorId: number): boolean =>
  scope === "all" || scope.has(vendorId);

/** 403 for a trailer outside the account's scope. */
export function assertInScope(scope: StaffScope, vendorId: number): void {
  if (!inScope(scope, vendorId)) throw new Forbidden(OUT_OF_SCOPE_MESSAGE);
}

/** The vendor ids a query is narrowed to: null for every trailer. */
export const scopeVendorIds = (scope: StaffScope): number[] | null =>
  scope === "all" ? null : [...scope];
