import { registerRequestSchema } from "@contract/auth";
import type { Queryable } from "@server/db/database.js";
import { InvalidInput, parseInput } from "@server/domain-errors.js";
import { hashPassword } from "@server/lib/passwords.js";
import * as z from "zod/mini";

const staffInput = z.pick(registerRequestSchema, { email: true, password: true });

/**
 * `npm run staff:add -- email [--trailer slug ...]`: a staff account with this email and password. An existing
 * account with the email (any case) becomes staff and gets the new password; its name is kept. With trailers
 * (slugs) it runs only those (trailer staff); without, it runs every trailer (park manager) unless it already
 * had trailers, which it keeps.
 */
export async function addStaffAccount(
  db: Queryable,
  input: { email: string; password: string; name?: string; trailers?: readonly string[] },
): Promise<{ id: number; email: string; created: boolean; trailers: string[] }> {
  const { email, password } = parseInput(staffInput, input);
  const slugs = [...new Set(input.trailers ?? [])];
  const vendors = slugs.length
    ? await db.query<{ id: number; slug: string }>(
        "select id, slug from vendors where slug = any($1::text[])",
        [slugs],
      )
    : [];
  const unknown = slugs.filter((slug) => !vendors.some((vendor) => vendor.slug === slug));
  if (unknown.length > 0) {
    const known = await db.query<{ slug: string }>("select slug from vendors order by slug");
    throw new InvalidInput(
      `No trailer with the slug ${unknown.join(", ")}. The trailers are: ${known.map((row) => row.slug).join(", ")}.`,
    );
  }
  const account = await upsertStaff(db, email, await hashPassword(password), input.name);
  if (slugs.length > 0) {
    await db.query("delete from staff_trailers where user_id = $1", [account.id]);
    for (const vendor of vendors)
      await db.query("insert into staff_trailers (user_id, vendor_id) values ($1, $2)", [
        account.id,
        vendor.id,
      ]);
  }
  const scope = await db.query<{ slug: string }>(
    "select v.slug from staff_trailers s join vendors v on v.id = s.vendor_id where s.user_id = $1 order by v.slug",
    [account.id],
  );
  return { ...account, trailers: scope.map((row) => row.slug) };
}

async function upsertStaff(
  db: Queryable,
  email: string,
  passwordHash: string,
  name: string | undefined,
): Promise<{ id: number; email: string; created: boolean }> {
  const [updated] = await db.query<{ id: number; email: string }>(
    "update users set role = 'staff', password_hash = $2 where lower(email) = lower($1) returning id, email",
    [email, passwordHash],
  );
  if (updated) return { ...updated, created: false };
  const [created] = await db.query<{ id: number; email: string }>(
    "insert into users (email, name, password_hash, role) values ($1, $2, $3, 'staff') returning id, email",
    [email, name?.trim() || "Park Staff", passwordHash],
  );
  return { ...created!, created: true };
}
