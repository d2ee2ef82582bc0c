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

  it("add to cart and a cash order", async () => {
    const { token } = await server.registerCustomer();
    const ids = await demoIds(server);
    const warm = { itemId: ids.limonata, vendorId: ids.forno, quantity: 1 };
    // The first call of a kind may fill caches; what counts is every call after.
    await server.request("/api/cart/add", { token, body: warm });
    const add = await during(() => server.request("/api/cart/add", { token, body: warm }));
    const order = await during(async () => {
      const response = await server.request("/api/orders", {
        token,
        headers: { "idempotency-key": "round-trips-1" },
        body: {
          vendorId: ids.forno,
          orderType: "takeaway",
          items: [],
          paymentMethod: "cash_at_counter",
        },
      });
      expect(response.status, response.text).toBe(201);
    });
    // Add: what it is judged on (the vendor, the item, whether the mutation id was applied) in one statement, then
    // the add and the cart it leaves (cart_add_line) in one call; no transaction held open between them.
    expect(add, add.join("\n")).toHaveLength(2);
    // Cash order: what it is priced and judged on (the vendor, the cart with its lines, the key's checkout) in one
    // statement, then the checkout, the order with its lines and first status and the emptied cart in one (written
    // only if the cart is still the one priced); no transaction held open between them.
    expect(order, order.join("\n")).toHaveLength(2);
  });
});
