/** A line that sold out after it was added leaves the cart's total and is not ordered; the rest is. */
import type { Order } from "@contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, type DemoIds, demoIds, getCart } from "./helpers/checkout-fixtures";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

describe.each(databaseKinds)("sold-out cart lines on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  beforeAll(async () => {
    server = await startTestServer({ kind, serviceChargePence: 50 });
    ids = await demoIds(server);
  });
  afterAll(() => server?.close());

  it("leaves the total, stays listed as sold out, and a cash order carries only the rest", async () => {
    const customer = await server.registerCustomer();
    const [other] = await server.db.query<{ id: number; price_pence: number }>(
      `select m.id, m.price_pence from menu_items m where m.vendor_id = $1 and m.id <> $2 and m.available and not exists
         (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
       order by m.id limit 1`,
      [ids.forno, ids.limonata],
    );
    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    await addToCart(server, customer.token, ids.forno, other!.id, 1);
    await server.db.query("update menu_items set sold_out = true where id = $1", [ids.limonata]);
    try {
      const cart = await getCart(server, customer.token, ids.forno);
      expect(cart.items.find((line) => line.menuItemId === ids.limonata)?.soldOut).toBe(true);
      expect(cart.subtotalPence).toBe(other!.price_pence);
      expect(cart.totalPence).toBe(other!.price_pence + 50);
      const basket = await server.request<{
        totals: { totalPence: number };
        sections: { problems: { kind: string; message: string }[] }[];
      }>("/api/cart/basket", { token: customer.token });
      expect(basket.body.totals.totalPence).toBe(cart.totalPence);
      expect(basket.body.sections[0]!.problems).toEqual([
        expect.objectContaining({
          kind: "unavailable",
          message: "San Pellegrino Limonata is sold out, so it is not in your total.",
        }),
      ]);
      const placed = await server.request<{ id: number }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(placed.status, placed.text).toBe(201);
      const order = await server.request<Order>(`/api/orders/${placed.body.id}`, {
        token: customer.token,
      });
      expect(order.body.items.map((line) => line.menu_item_id)).toEqual([other!.id]);
      expect(order.body.totalPence).toBe(cart.totalPence);
    } finally {
      await server.db.query("update menu_items set sold_out = false where id = $1", [ids.limonata]);
    }
  });
});
