import type { Database, Queryable } from "@server/db/database.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoIds } from "./helpers/checkout-fixtures";
import { createTestDatabase, startTestServer, type TestServer } from "./helpers/test-server";

/**
 * Statements each hot call sends to the database (each one a round trip on PostgreSQL, a turn of the embedded
 * database's single queue on PGlite): order placement's throughput is bounded by these.
 */
function counting(db: Database) {
  const statements: string[] = [];
  const wrap = (target: Queryable): Queryable => ({
    query(sql, params) {
      statements.push(sql.replace(/\s+/g, " ").trim().slice(0, 60));
      return target.query(sql, params);
    },
  });
  const counted: Database = {
    ...wrap(db),
    kind: db.kind,
    transaction: (work) => {
      statements.push("begin");
      return db.transaction((tx) => work(wrap(tx))).finally(() => statements.push("commit"));
    },
    exec: (sql) => db.exec(sql),
    listen: (channel, handlers) => db.listen(channel, handlers),
    close: () => db.close(),
  };
  return { counted, statements };
}

describe("statements per call", () => {
  let server: TestServer;
  let statements: string[];
  beforeAll(async () => {
    const database = await createTestDatabase("pglite");
    const { counted, statements: log } = counting(database.db);
    statements = log;
    server = await startTestServer({ database: { ...database, db: counted } });
  });
  afterAll(async () => {
    await server.close();
    await server.database.drop();
  });

  const during = async (call: () => Promise<unknown>) => {
    statements.length = 0;
    await call();
    return [...statements];
  };

  const cashOrder = (token: string, vendorId: number, key: string) =>
    server.request("/api/orders", {
      token,
      headers: { "idempotency-key": key },
      body: { vendorId, orderType: "takeaway", items: [], paymentMethod: "cash_at_counter" },
    });

  it("add to cart and a cash order", async () => {
    const { token } = await server.registerCustomer();
    const ids = await demoIds(server);
    const plain = { itemId: ids.limonata, vendorId: ids.forno, quantity: 1 };
    // The customer's first call loads them (the signed-in user's cache); what counts is every call after.
    await server.request("/api/cart", { token });
    // The first add of an item reads what it is judged on (the vendor, the item, whether the mutation id was
    // applied) in one statement, then adds in one call (cart_add_line); no transaction held open between them.
    const first = await during(() => server.request("/api/cart/add", { token, body: plain }));
    expect(first, first.join("\n")).toHaveLength(2);
    // Every later add of it is the one call, on the rows the first read: the call checks the catalogue's version.
    const add = await during(() => server.request("/api/cart/add", { token, body: plain }));
    expect(add, add.join("\n")).toEqual([
      expect.stringMatching(/^select case when \$11::int is null/),
    ]);
    // Cash order right after: priced on the cart the add left, then the checkout, the order with its lines and
    // first status and the emptied cart in one statement (written only if the cart and the catalogue are still
    // the versions priced).
    const order = await during(async () => {
      const response = await cashOrder(token, ids.forno, "round-trips-1");
      expect(response.status, response.text).toBe(201);
    });
    expect(order, order.join("\n")).toEqual([expect.stringMatching(/^with cart as/)]);
  });

  it("reads again what the catalogue changed, and a cart the last add did not leave", async () => {
    const { token } = await server.registerCustomer();
    const ids = await demoIds(server);
    const plain = { itemId: ids.limonata, vendorId: ids.forno, quantity: 1 };
    await server.request("/api/cart/add", { token, body: plain });
    // Any change to a trailer, an item or an add-on raises the catalogue's version.
    await server.db.query("update menu_items set description = description where id = $1", [
      ids.margherita,
    ]);
    // The call is refused (nothing written), the add judged on rows read now and made.
    const add = await during(() => server.request("/api/cart/add", { token, body: plain }));
    expect(add, add.join("\n")).toHaveLength(3);
    const cart = await server.request<{ items: { quantity: number }[] }>(
      `/api/cart?vendorId=${ids.forno}`,
      { token },
    );
    expect(cart.body.items.map((line) => line.quantity)).toEqual([2]);
    // The cart the add left is priced on the catalogue it read: it moved, so the order reads it again.
    await server.db.query("update vendors set description = description where id = $1", [
      ids.forno,
    ]);
    const order = await during(async () => {
      const response = await cashOrder(token, ids.forno, "round-trips-2");
      expect(response.status, response.text).toBe(201);
    });
    expect(order, order.join("\n")).toHaveLength(3);
    // A cart changed since the last add by another call (here a quantity set) is read, then placed.
    await server.request("/api/cart/add", { token, body: plain });
    await server.request("/api/cart/update", {
      token,
      body: { itemId: ids.limonata, vendorId: ids.forno, quantity: 3 },
    });
    const afterUpdate = await during(async () => {
      const response = await cashOrder(token, ids.forno, "round-trips-3");
      expect(response.status, response.text).toBe(201);
    });
    expect(afterUpdate, afterUpdate.join("\n")).toHaveLength(2);
  });
});
