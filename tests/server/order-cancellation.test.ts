/**
 * Staff cancel an order: a paid card order is refunded in full (its share of the service charge included) through
 * the payment provider exactly once, with the staff's reason; cash already taken is refunded at the counter.
 */
import type { Order } from "@contract/orders";
import type { OrderRefunded } from "@server/events.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import { type FakeStripe, startFakeStripe } from "./helpers/fake-stripe";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const STAFF = { email: "staff@foodpark.test", password: "staff-password" };

interface Harness {
  server: TestServer;
  ids: DemoIds;
  staffToken: string;
  refunded: OrderRefunded[];
}

async function start(h: Harness, config: Parameters<typeof startTestServer>[0]) {
  h.server = await startTestServer(config);
  h.ids = await demoIds(h.server);
  h.staffToken = await h.server.login(STAFF.email, STAFF.password);
  h.refunded = [];
  h.server.app.events.on("orderRefunded", (event) => h.refunded.push(event));
}

const cancel = (h: Harness, orderId: number, reason: string | undefined = "Out of stock") =>
  h.server.request<Order & { message?: string }>(`/api/staff/orders/${orderId}`, {
    method: "PATCH",
    body: { status: "cancelled", ...(reason ? { reason } : {}) },
    token: h.staffToken,
  });

const move = (h: Harness, orderId: number, status: string) =>
  h.server.request<Order>(`/api/staff/orders/${orderId}`, {
    method: "PATCH",
    body: { status },
    token: h.staffToken,
  });

async function customerOrder(h: Harness, customer: RegisteredCustomer, orderId: number) {
  const response = await h.server.request<Order>(`/api/orders/${orderId}`, {
    token: customer.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** A two-trailer basket paid by card: Forno (two Limonata) and Smash Stack (one burger); its payment id. */
async function startBasketPayment(h: Harness, customer: RegisteredCustomer) {
  const [burger] = await h.server.db.query<{ id: number }>(
    `select m.id from menu_items m where m.vendor_id = $1 and m.available and not exists
       (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
     order by m.id limit 1`,
    [h.ids.smash],
  );
  await addToCart(h.server, customer.token, h.ids.forno, h.ids.limonata, 2);
  await addToCart(h.server, customer.token, h.ids.smash, burger!.id, 1);
  const basket = await h.server.request<{ totals: { totalPence: number } }>("/api/cart/basket", {
    token: customer.token,
  });
  const started = await h.server.request<{ payment: { paymentIntentId: string } }>(
    "/api/checkout",
    {
      token: customer.token,
      headers: { "Idempotency-Key": `cancel-${customer.user.id}-basket` },
      body: {
        vendorIds: [h.ids.forno, h.ids.smash],
        orderType: "takeaway",
        paymentMethod: "stripe",
        totalPence: basket.body.totals.totalPence,
      },
    },
  );
  expect(started.status, started.text).toBe(201);
  return {
    paymentId: started.body.payment.paymentIntentId,
    paidPence: basket.body.totals.totalPence,
  };
}

async function ordersOfPayment(h: Harness, customer: RegisteredCustomer) {
  return h.server.db.query<{ id: number; total_pence: number; service_charge_pence: number }>(
    "select id, total_pence, service_charge_pence from orders where user_id = $1 order by id",
    [customer.user.id],
  );
}

async function refundedOnPayment(h: Harness, paymentId: string): Promise<number> {
  const [row] = await h.server.db.query<{ refunded_pence: number }>(
    "select refunded_pence from payments where id = $1",
    [paymentId],
  );
  return row!.refunded_pence;
}

describe.each(databaseKinds)("cancelling orders with the test provider on %s", (kind) => {
  const h = {} as Harness;
  beforeAll(() => start(h, { kind, serviceChargePence: 50 }));
  afterAll(() => h.server?.close());

  async function paidBasket(customer: RegisteredCustomer) {
    const { paymentId, paidPence } = await startBasketPayment(h, customer);
    const paid = await fetch(`${h.server.baseUrl}/pay/test-checkout/${paymentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303); // paid: on to the success page
    return { paymentId, paidPence, orders: await ordersOfPayment(h, customer) };
  }

  it("refunds a paid card order in full, service charge share included, and names the reason", async () => {
    const customer = await h.server.registerCustomer();
    const { paymentId, paidPence, orders } = await paidBasket(customer);
    expect(orders).toHaveLength(2);
    const [first, second] = orders;
    expect(first!.service_charge_pence).toBe(50);
    expect(first!.total_pence + second!.total_pence).toBe(paidPence);

    const cancelled = await cancel(h, first!.id, "Kitchen closed");
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.cancellation).toEqual({
      reason: "Kitchen closed",
      refund: { amountPence: first!.total_pence, to: "card", sent: true },
    });
    expect(await refundedOnPayment(h, paymentId)).toBe(first!.total_pence);
    expect((await customerOrder(h, customer, first!.id)).cancellation?.refund?.amountPence).toBe(
      first!.total_pence,
    );
    // The other trailer's order is untouched.
    expect((await customerOrder(h, customer, second!.id)).status).toBe("confirmed");
  });

  it("a second cancel (or a retried request) answers the cancelled order and refunds nothing more", async () => {
    const customer = await h.server.registerCustomer();
    const { paymentId, orders } = await paidBasket(customer);
    const order = orders[1]!;
    const before = h.refunded.length;
    const [one, two] = await Promise.all([cancel(h, order.id), cancel(h, order.id)]);
    const statuses = [one.status, two.status].sort();
    // Both at once: one wins; the other sees it cancelled (200) or moved meanwhile (409). Never two refunds.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const again = await cancel(h, order.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body.cancellation?.refund).toEqual({
      amountPence: order.total_pence,
      to: "card",
      sent: true,
    });
    expect(await refundedOnPayment(h, paymentId)).toBe(order.total_pence);
    expect(h.refunded.slice(before)).toEqual([
      expect.objectContaining({ orderId: order.id, amountPence: order.total_pence }),
    ]);
  });

  it("cash already taken is refunded at the counter; an unpaid cash order has no refund", async () => {
    const customer = await h.server.registerCustomer();
    const place = async () => {
      await addToCart(h.server, customer.token, h.ids.forno, h.ids.limonata, 1);
      const placed = await h.server.request<{ id: number }>("/api/orders", {
        token: customer.token,
        body: cashOrder(h.ids.forno),
      });
      expect(placed.status, placed.text).toBe(201);
      return placed.body.id;
    };
    const taken = await place();
    expect((await move(h, taken, "confirmed")).status).toBe(200);
    const takenCancelled = await cancel(h, taken, "Customer asked");
    expect(takenCancelled.body.cancellation).toEqual({
      reason: "Customer asked",
      refund: { amountPence: takenCancelled.body.totalPence, to: "counter", sent: true },
    });
    const unpaid = await place();
    expect((await cancel(h, unpaid, "Other")).body.cancellation).toEqual({
      reason: "Other",
      refund: null,
    });
  });

  it("refuses a reason outside the list with a 400 and leaves the order as it was", async () => {
    const customer = await h.server.registerCustomer();
    const { orders } = await paidBasket(customer);
    const refused = await cancel(h, orders[0]!.id, "Because");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/reason/i);
    expect((await customerOrder(h, customer, orders[0]!.id)).status).toBe("confirmed");
  });
});

describe.each(databaseKinds)("cancelling card orders through Stripe (fake) on %s", (kind) => {
  const h = {} as Harness;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    await start(h, {
      kind,
      serviceChargePence: 50,
      config: {
        stripeSecretKey: "sk_test_food_park_fake",
        stripeApi: { host: stripe.host, port: stripe.port, protocol: "http" },
        publicUrl: "https://park.example",
      },
    });
  });
  afterAll(async () => {
    await h.server?.close();
    await stripe?.close();
  });

  async function paidBasket(customer: RegisteredCustomer) {
    const { paymentId } = await startBasketPayment(h, customer);
    const [row] = await h.server.db.query<{ checkout_session_id: string }>(
      "select checkout_session_id from payments where id = $1",
      [paymentId],
    );
    stripe.pay(row!.checkout_session_id);
    const polled = await h.server.request<{ status: string }>(
      `/api/payments/stripe/status/${paymentId}`,
      { token: customer.token },
    );
    expect(polled.body.status).toBe("paid");
    return {
      paymentId,
      intent: `pi_fake_${row!.checkout_session_id}`,
      orders: await ordersOfPayment(h, customer),
    };
  }

  it("refunds each cancelled order once through Stripe under a key derived from the order", async () => {
    const customer = await h.server.registerCustomer();
    const { intent, orders } = await paidBasket(customer);
    const [first, second] = orders;
    const before = stripe.refunds.length;
    expect((await cancel(h, first!.id)).status).toBe(200);
    expect((await cancel(h, first!.id)).status).toBe(200);
    expect((await cancel(h, second!.id, "Customer asked")).status).toBe(200);
    expect(stripe.refunds.slice(before)).toEqual([
      expect.objectContaining({
        amount: first!.total_pence,
        payment_intent: intent,
        idempotencyKey: `refund-order-${first!.id}`,
      }),
      expect.objectContaining({
        amount: second!.total_pence,
        payment_intent: intent,
        idempotencyKey: `refund-order-${second!.id}`,
      }),
    ]);
  });

  it("a refund Stripe refused during an outage is sent by the retried cancel, once", async () => {
    const customer = await h.server.registerCustomer();
    const { orders } = await paidBasket(customer);
    const order = orders[0]!;
    const before = stripe.refunds.length;
    stripe.failWith = 500;
    let first: Awaited<ReturnType<typeof cancel>>;
    try {
      first = await cancel(h, order.id);
    } finally {
      stripe.failWith = null;
    }
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe("cancelled");
    expect(first.body.cancellation?.refund).toEqual({
      amountPence: order.total_pence,
      to: "card",
      sent: false,
    });
    expect(stripe.refunds.length).toBe(before);
    const retried = await cancel(h, order.id);
    expect(retried.body.cancellation?.refund?.sent).toBe(true);
    await cancel(h, order.id);
    expect(stripe.refunds.slice(before)).toEqual([
      expect.objectContaining({
        amount: order.total_pence,
        idempotencyKey: `refund-order-${order.id}`,
      }),
    ]);
  });
});
