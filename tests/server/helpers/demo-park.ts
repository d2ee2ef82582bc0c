import type { Queryable } from "@server/db/database";
import type { FastifyInstance } from "fastify";

/** Ids of seeded demo-park rows by their stable names (seed ids are serial, so tests look them up). */
export async function vendorIdOf(db: Queryable, slug: string): Promise<number> {
  const [row] = await db.query<{ id: number }>("select id from vendors where slug = $1", [slug]);
  if (!row) throw new Error(`no demo vendor ${slug}`);
  return row.id;
}

export async function menuItemIdOf(
  db: Queryable,
  vendorSlug: string,
  name: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    "select mi.id from menu_items mi join vendors v on v.id = mi.vendor_id where v.slug = $1 and mi.name = $2",
    [vendorSlug, name],
  );
  if (!row) throw new Error(`no demo item ${name} at ${vendorSlug}`);
  return row.id;
}

/**
 * After a test wrote the catalogue straight into the database: announces it as the app's own writes do,
 * and waits until the in-memory catalogue has reloaded.
 */
export async function catalogueChanged(server: { app: FastifyInstance }): Promise<void> {
  server.app.events.emit("catalogueChanged");
  await server.app.services.catalogue.whenLoaded();
}
