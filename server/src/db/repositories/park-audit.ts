import type { Queryable } from "../database.js";

export interface ParkAuditEntry {
  staff: { id: number; email: string };
  vendorId: number | null;
  action: string;
  target: string;
  /** The change in words, as the staff screen's record lists it. */
  summary: string;
  before: unknown;
  after: unknown;
}

/** One row of the park's record of operational changes (park_audit, listed by GET /api/staff/audit). */
export async function recordParkAudit(q: Queryable, entry: ParkAuditEntry): Promise<void> {
  await q.query(
    `insert into park_audit (user_id, user_email, vendor_id, action, target, summary, before, after)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.staff.id,
      entry.staff.email,
      entry.vendorId,
      entry.action,
      entry.target,
      entry.summary,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    ],
  );
}
