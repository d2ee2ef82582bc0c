import { registerRequestSchema } from "@contract/auth";
import { hashPassword } from "@server/lib/passwords.js";
import * as z from "zod/mini";
import type { Queryable } from "../db/database.js";
import { parseInput } from "../http-error.js";

const staffInput = z.pick(registerRequestSchema, { email: true, password: true });

/**
 * `npm run staff:add -- email`: a staff account with this email and password. An existing account with the
 * email (any case) becomes staff and gets the new password; its name is kept.
 */
export async function addStaffAccount(
  db: Queryable,
  input: { email: string; password: string; name?: string },
): Promise<{ id: number; email: string; created: boolean }> {
  const { email, password } = parseInput(staffInput, input);
  const passwordHash = await hashPassword(password);
  const [updated] = await db.query<{ id: number; email: string }>(
    "update users set role = 'staff', password_hash = $2 where lower(email) = lower($1) returning id, email",
    [email, passwordHash],
  );
  if (updated) return { ...updated, created: false };
  const [created] = await db.query<{ id: number; email: string }>(
    "insert into users (email, name, password_hash, role) values ($1, $2, $3, 'staff') returning id, email",
    [email, input.name?.trim() || "Park Staff", passwordHash],
  );
  return { ...created!, created: true };
}
