import { ORDER_KEY_REUSED as IDEMPOTENCY_MISMATCH_MESSAGE } from "@contract/checkout-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  cashOrder,
  countOrders,
  type DemoIds,
  demoIds,
} from "../helpers/checkout-fixtures";
import { databaseKinds, startTestServer, type TestServer } from "../helpers/test-server";

describe.each(databaseKinds)("a reused Idempotency-Key on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    ids = await demoIds(server);
  });
  afterAll(() => server?.close());

  const place = (token: string, body: unknown, key: string) =>
    server.request<{ id: number; message?: string }>("/api/orders", {
      token,
      body,
      headers: { "Idempotency-Key": key },
    });

  it("with another request body answers 422 and never another order's result", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    const first = await place(customer.token, cashOrder(ids.forno), "key-mismatch-0001");
    expect(first.status, first.text).toBe(201);

    // Another vendor's cart, the same key: Stripe's answer is 422, not the first order.
    const [other] = await server.db.query<{ id: number; vendor_id: number }>(
      "select mi.id, mi.vendor_id from menu_items mi where mi.vendor_id <> $1 and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and g.is_required) order by mi.id limit 1",
      [ids.forno],
    );
    await addToCart(server, customer.token, other!.vendor_id, other!.id, 1);
    const reused = await place(customer.token, cashOrder(other!.vendor_id), "key-mismatch-0001");
    expect(reused.status, reused.text).toBe(422);
    expect(reused.body).toEqual({ message: IDEMPOTENCY_MISMATCH_MESSAGE });
    expect(reused.text).not.toContain(String(first.body.id));

    // Same vendor, other delivery instructions: still a different request.
    const changed = await place(
      customer.token,
      cashOrder(ids.forno, { deliveryInstructions: "By the gate" }),
      "key-mismatch-0001",
    );
    expect(changed.status).toBe(422);
    expect(await countOrders(server, customer.user.id)).toBe(1);
  });

  it("with the same body (keys in another order) answers the same order", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    const body = cashOrder(ids.forno, { deliveryInstructions: "Table 4" });
    const first = await place(customer.token, body, "key-same-body-0001");
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await place(customer.token, reordered, "key-same-body-0001");
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await countOrders(server, customer.user.id)).toBe(1);
  });
});
