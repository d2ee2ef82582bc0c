/**
 * An add and the order after it use what an earlier add read (the vendor's and item's rows, the cart it left) only
 * while the catalogue and the cart are the versions it was read at: a change made anywhere in between (another node,
 * a park import, a staff screen) is read again, never added or charged on the old rows.
 */
import type { Order } from "@contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

describe.each(databaseKinds)("reads remembered from an earlier add on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  let limonataPence: number;
  beforeAll(async () => {
    server = await startTestServer({ kind, serviceChargePence: 50 });
    ids = await demoIds(server);
    const [row] = await server.db.query<{ price_pence: number }>(
      "select price_pence from menu_items where id = $1",
      [ids.limonata],
    );
    limonataPence = row!.price_pence;
  });
  afterAll(() => server?.close());

  const placeCash = (token: string) =>
    server.request<{ id: number; message?: string }>("/api/orders", {
      token,
      body: cashOrder(ids.forno),
    });
  const ordersOf = async (userId: number) =>
    (
      await server.db.query<{ count: number }>(
        "select count(*)::int as count from orders where user_id = $1",
        [userId],
      )
    )[0]!.count;

  it("charges the price of the moment the order is placed, when it changed after the add", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    await server.db.query("update menu_items set price_pence = price_pence + 100 where id = $1", [
      ids.limonata,
    ]);
    try {
      const placed = await placeCash(customer.token);
      expect(placed.status, placed.text).toBe(201);
      const order = await server.request<Order>(`/api/orders/${placed.body.id}`, {
        token: customer.token,
      });
      expect(order.body.totalPence).toBe((limonataPence + 100) * 2 + 50);
    } finally {
      await server.db.query("update menu_items set price_pence = $2 where id = $1", [
        ids.limonata,
        limonataPence,
      ]);
    }
  });

  it("orders nothing sold out since the add", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    await server.db.query("update menu_items set sold_out = true where id = $1", [ids.limonata]);
    try {
      const placed = await placeCash(customer.token);
      expect(placed.status, placed.text).toBe(409);
      expect(placed.body.message).toBe(
        "San Pellegrino Limonata is not available right now. Please remove it from your cart.",
      );
      expect(await ordersOf(customer.user.id)).toBe(0);
    } finally {
      await server.db.query("update menu_items set sold_out = false where id = $1", [ids.limonata]);
    }
  });

  it("refuses the next add of an item whose trailer closed after the last one", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    await server.db.query("update vendors set trading_status = 'closed' where id = $1", [
      ids.forno,
    ]);
    try {
      const added = await server.request<{ message: string }>("/api/cart/add", {
        token: customer.token,
        body: { itemId: ids.limonata, vendorId: ids.forno, quantity: 1 },
      });
      expect(added.status, added.text).toBe(409);
      const cart = await server.request<{ items: { quantity: number }[] }>(
        `/api/cart?vendorId=${ids.forno}`,
        { token: customer.token },
      );
      expect(cart.body.items.map((line) => line.quantity)).toEqual([1]);
    } finally {
      await server.db.query("update vendors set trading_status = 'open' where id = $1", [
        ids.forno,
      ]);
    }
  });

  it("places the cart as it is now when it changed after the add without this node seeing it", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    // As another node would: a line's quantity set straight in the database, the cart's version raised.
    await server.db.query(
      `update cart_lines set quantity = 3 where cart_id =
         (select id from carts where user_id = $1 and vendor_id = $2)`,
      [customer.user.id, ids.forno],
    );
    await server.db.query(
      "update carts set version = version + 1 where user_id = $1 and vendor_id = $2",
      [customer.user.id, ids.forno],
    );
    const placed = await placeCash(customer.token);
    expect(placed.status, placed.text).toBe(201);
    const order = await server.request<Order>(`/api/orders/${placed.body.id}`, {
      token: customer.token,
    });
    expect(order.body.items.map((line) => line.quantity)).toEqual([3]);
    expect(order.body.totalPence).toBe(limonataPence * 3 + 50);
  });
});
