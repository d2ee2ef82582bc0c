/**
 * POST /payments/stripe/create-intent with only `orderId` (the spec's "orderData (or orderId)"): the caller's own
 * cash order, not paid yet, is paid by card and becomes confirmed; a paid or cancelled one is 409, another's 404.
 */
import type { Order } from "@contract/orders";
import type { CreateIntentResponse } from "@contract/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import { type RegisteredCustomer, startTestServer, type TestServer } from "./helpers/test-server";

const STAFF = { email: "staff@foodpark.test", password: "staff-password" };

describe("paying an existing cash order by card (test provider)", () => {
  let server: TestServer;
  let ids: DemoIds;
  beforeAll(async () => {
    server = await startTestServer({ kind: "pglite" });
    ids = await demoIds(server);
  });
  afterAll(() => server?.close());

  async function cashOrderOf(customer: RegisteredCustomer) {
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    const placed = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: cashOrder(ids.forno),
    });
    expect(placed.status, placed.text).toBe(201);
    return (await server.request<Order>(`/api/orders/${placed.body.id}`, { token: customer.token }))
      .body;
  }
  const payByOrderId = (customer: RegisteredCustomer, order: Order) =>
    server.request<CreateIntentResponse & { message?: string }>(
      "/api/payments/stripe/create-intent",
      { token: customer.token, body: { orderId: order.id, amount: order.total, currency: "gbp" } },
    );

  it("pays the caller's own unpaid cash order; once paid it is confirmed and paid by card, and cannot be paid again", async () => {
    const customer = await server.registerCustomer();
    const order = await cashOrderOf(customer);
    expect(order.status).toBe("pending_payment");
    const intent = await payByOrderId(customer, order);
    expect(intent.status, intent.text).toBe(200);
    const paid = await fetch(`${server.baseUrl}/pay/test-checkout/${intent.body.paymentIntentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });
    // Paid: the test checkout sends the customer on to the success page.
    expect(paid.status).toBe(303);
    const status = await server.request<{ status: string; orderId: number }>(
      `/api/payments/stripe/status/${intent.body.paymentIntentId}`,
      { token: customer.token },
    );
    expect(status.body).toMatchObject({ status: "paid", orderId: order.id });
    const after = (
      await server.request<Order>(`/api/orders/${order.id}`, { token: customer.token })
    ).body;
    expect(after).toMatchObject({ status: "confirmed", paymentMethod: "stripe" });
    const [{ count }] = (await server.db.query<{ count: number }>(
      "select count(*)::int as count from orders where user_id = $1",
      [customer.user.id],
    )) as [{ count: number }];
    expect(count).toBe(1);
    const again = await payByOrderId(customer, after);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order #${order.id} is paid already.`);
  });

  it("refuses a cancelled order (409) and another customer's order (404)", async () => {
    const customer = await server.registerCustomer();
    const order = await cashOrderOf(customer);
    const other = await server.registerCustomer();
    expect((await payByOrderId(other, order)).status).toBe(404);
    const staff = await server.login(STAFF.email, STAFF.password);
    await server.request(`/api/staff/orders/${order.id}`, {
      method: "PATCH",
      token: staff,
      body: { status: "cancelled", reason: "Customer asked" },
    });
    const cancelled = await payByOrderId(customer, order);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(
      `Order #${order.id} was cancelled: there is nothing to pay.`,
    );
  });
});
