import type { OrderPlaced } from "@server/events.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  addWithRequiredChoices,
  cashOrder,
  countOrders,
  type DemoIds,
  demoIds,
  getCart,
} from "./helpers/checkout-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

interface Created {
  id: number;
  order_id: number;
  status: string;
  message?: string;
}

describe.each(databaseKinds)("POST /api/orders on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  const placed: OrderPlaced[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind });
    ids = await demoIds(server);
    server.app.events.on("orderPlaced", (event) => placed.push(event));
  });
  afterAll(() => server?.close());

  const place = (customer: RegisteredCustomer, body: unknown, key?: string) =>
    server.request<Created>("/api/orders", {
      token: customer.token,
      body,
      headers: key ? { "Idempotency-Key": key } : {},
    });

  const storedOrder = async (id: number) => {
    const [order] = await server.db.query<Record<string, unknown>>(
      "select * from orders where id = $1",
      [id],
    );
    const items = await server.db.query<Record<string, unknown>>(
      "select * from order_items where order_id = $1 order by id",
      [id],
    );
    return { order: order!, items };
  };

  it("creates a cash order from the server cart, pending payment, and empties the cart", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    await addWithRequiredChoices(
      server,
      customer.token,
      ids.forno,
      ids.margherita,
      "No basil please",
    );
    const cart = await getCart(server, customer.token, ids.forno);
    const before = placed.length;

    const response = await place(
      customer,
      cashOrder(ids.forno, {
        deliveryInstructions: "  Blue car by the gate  ",
        vehicleData: { registrationNumber: "ab12 cde", make: "Ford", colour: "Blue" },
      }),
    );

    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      order_id: response.body.id,
      status: "pending_payment",
    });
    const { order, items } = await storedOrder(response.body.id);
    expect(order).toMatchObject({
      user_id: customer.user.id,
      vendor_id: ids.forno,
      payment_method: "cash_at_counter",
      status: "pending_payment",
      total_pence: cart.totalPence,
      subtotal_pence: cart.subtotalPence,
      service_charge_pence: cart.serviceChargePence,
      allergy_note: "Margherita: No basil please",
      delivery_instructions: "Blue car by the gate",
      vehicle: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
    });
    // The estimated window: the vendor's preparation range (Forno & Fuoco: 10-15 minutes) from placement.
    const minutesAfterPlacement = (column: string) =>
      Math.round(
        (new Date(order[column] as string).getTime() -
          new Date(order.created_at as string).getTime()) /
          60_000,
      );
    expect([
      minutesAfterPlacement("estimated_ready_from"),
      minutesAfterPlacement("estimated_ready_at"),
    ]).toEqual([10, 15]);
    const seen = await server.request<{
      estimatedDeliveryTime: string;
      estimatedReadyFrom: string;
      status: string;
    }>(`/api/orders/${response.body.id}`, { token: customer.token });
    expect(Date.parse(seen.body.estimatedDeliveryTime)).toBe(
      new Date(order.estimated_ready_at as string).getTime(),
    );
    expect(Date.parse(seen.body.estimatedReadyFrom)).toBe(
      new Date(order.estimated_ready_from as string).getTime(),
    );
    expect(
      items.map((item) => [item.name, item.quantity, item.total_pence, item.special_instructions]),
    ).toEqual([
      ["San Pellegrino Limonata", 2, 600, null],
      [
        "Margherita",
        1,
        cart.items.find((item) => item.name === "Margherita")!.totalPricePence,
        "No basil please",
      ],
    ]);
    expect((await getCart(server, customer.token, ids.forno)).items).toEqual([]);
    expect(placed.slice(before)).toEqual([
      {
        orderId: response.body.id,
        userId: customer.user.id,
        vendorId: ids.forno,
        status: "pending_payment",
      },
    ]);
  });

  it("prices from the server cart only: the payload's prices and quantities are ignored", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 3);
    const cart = await getCart(server, customer.token, ids.forno);
    const tampered = cashOrder(ids.forno, {
      items: [{ menu_item_id: ids.limonata, quantity: 30, price: 0.01, addons: [] }],
      allergyNote: "Limonata: injected",
    });
    const response = await place(customer, tampered);
    expect(response.status).toBe(201);
    const { order, items } = await storedOrder(response.body.id);
    expect(order.total_pence).toBe(cart.totalPence);
    expect(order.allergy_note).toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 3, unit_price_pence: 300, total_pence: 900 });
  });

  it("refuses an empty cart with 'Your cart is empty'", async () => {
    const customer = await server.registerCustomer();
    const response = await place(customer, cashOrder(ids.forno));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Your cart is empty");
    expect(await countOrders(server, customer.user.id)).toBe(0);
  });

  it("answers the same order for a retried Idempotency-Key and never creates a second", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata);
    const key = `retry-${customer.user.id}-abcdef`;
    const first = await place(customer, cashOrder(ids.forno), key);
    const second = await place(customer, cashOrder(ids.forno), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await countOrders(server, customer.user.id)).toBe(1);
  });

  it("creates exactly one order for 5 concurrent identical requests", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    const before = placed.length;
    const key = `concurrent-${customer.user.id}-xyz`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => place(customer, cashOrder(ids.forno), key)),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect(await countOrders(server, customer.user.id)).toBe(1);
    expect(placed.slice(before)).toHaveLength(1);
  });

  it("places one cart once even when duplicates come without a key", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => place(customer, cashOrder(ids.forno))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    expect(await countOrders(server, customer.user.id)).toBe(1);
  });

  it("keeps idempotency keys per customer and leaves other customers' carts alone", async () => {
    const alice = await server.registerCustomer();
    const bob = await server.registerCustomer();
    await addToCart(server, alice.token, ids.forno, ids.limonata);
    await addWithRequiredChoices(server, bob.token, ids.forno, ids.margherita);
    const bobCart = await getCart(server, bob.token, ids.forno);
    const key = "shared-key-123456";
    const aliceOrder = await place(alice, cashOrder(ids.forno), key);
    expect(aliceOrder.status).toBe(201);
    expect(await getCart(server, bob.token, ids.forno)).toEqual(bobCart);
    const bobOrder = await place(bob, cashOrder(ids.forno), key);
    expect(bobOrder.status).toBe(201);
    expect(bobOrder.body.id).not.toBe(aliceOrder.body.id);
    expect((await storedOrder(bobOrder.body.id)).items.map((item) => item.name)).toEqual([
      "Margherita",
    ]);
  });

  it("only empties the ordered vendor's cart", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata);
    const [burger] = await server.db.query<{ id: number }>(
      "select id from menu_items where vendor_id = $1 and available and id not in (select menu_item_id from addon_groups where is_required) order by id limit 1",
      [ids.smash],
    );
    await addToCart(server, customer.token, ids.smash, burger!.id);
    expect((await place(customer, cashOrder(ids.forno))).status).toBe(201);
    expect((await getCart(server, customer.token, ids.smash)).items).toHaveLength(1);
  });

  it("refuses a vendor that closed after the cart was filled", async () => {
    const customer = await server.registerCustomer();
    await addToCart(
      server,
      customer.token,
      ids.smash,
      (
        await server.db.query<{ id: number }>(
          "select id from menu_items where vendor_id = $1 and available and id not in (select menu_item_id from addon_groups where is_required) order by id limit 1",
          [ids.smash],
        )
      )[0]!.id,
    );
    await server.db.query("update vendors set trading_status = 'closed' where id = $1", [
      ids.smash,
    ]);
    try {
      const response = await place(customer, cashOrder(ids.smash));
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/closed/);
      expect((await getCart(server, customer.token, ids.smash)).items).toHaveLength(1);
    } finally {
      await server.db.query("update vendors set trading_status = 'open' where id = $1", [
        ids.smash,
      ]);
    }
  });

  it("refuses a bad plate, a bad key, a missing sign-in and an unpaid card order", async () => {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata);
    const badPlate = await place(
      customer,
      cashOrder(ids.forno, { vehicleData: { registrationNumber: "!!!", make: "", colour: "" } }),
    );
    expect(badPlate.status).toBe(400);
    const badKey = await place(customer, cashOrder(ids.forno), "short");
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/Idempotency-Key/);
    const anonymous = await server.request("/api/orders", { body: cashOrder(ids.forno) });
    expect(anonymous.status).toBe(401);
    const unpaid = await place(customer, {
      ...cashOrder(ids.forno),
      paymentMethod: "stripe",
      stripePaymentIntentId: "pay_nothing",
    });
    expect(unpaid.status).toBe(402);
    expect(await countOrders(server, customer.user.id)).toBe(0);
    expect((await getCart(server, customer.token, ids.forno)).items).toHaveLength(1);
  });
});
