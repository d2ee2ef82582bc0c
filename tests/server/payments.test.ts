import { MESSAGES } from "@contract/messages";
import {
  type CreateIntentResponse,
  type PaymentStatusResponse,
  paymentOutcome,
} from "@contract/payments";
import type { OrderPlaced } from "@server/events.js";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  countOrders,
  type DemoIds,
  demoIds,
  getCart,
} from "./helpers/checkout-fixtures";
import { type FakeStripe, startFakeStripe } from "./helpers/fake-stripe";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const WEBHOOK_SECRET = "whsec_test_secret_for_food_park";
const orderData = (vendorId: number, extra: Record<string, unknown> = {}) => ({
  vendorId,
  orderType: "takeaway",
  items: [],
  ...extra,
});

interface Harness {
  server: TestServer;
  ids: DemoIds;
  placed: OrderPlaced[];
}

async function fillCart(h: Harness, customer: RegisteredCustomer, quantity = 2) {
  await addToCart(h.server, customer.token, h.ids.forno, h.ids.limonata, quantity);
  return getCart(h.server, customer.token, h.ids.forno);
}

function createIntent(
  h: Harness,
  customer: RegisteredCustomer,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return h.server.request<CreateIntentResponse & { message?: string }>(
    "/api/payments/stripe/create-intent",
    {
      token: customer.token,
      body: { orderData: orderData(h.ids.forno), amount, currency: "gbp", ...extra },
    },
  );
}

function status(h: Harness, customer: RegisteredCustomer, paymentId: string) {
  return h.server.request<PaymentStatusResponse & { message?: string }>(
    `/api/payments/stripe/status/${paymentId}`,
    { token: customer.token },
  );
}

async function orderOfPayment(h: Harness, paymentId: string) {
  return h.server.db.query<{
    id: number;
    status: string;
    payment_method: string;
    total_pence: number;
    user_id: number;
  }>("select id, status, payment_method, total_pence, user_id from orders where payment_id = $1", [
    paymentId,
  ]);
}

/** Posts the test checkout form as a browser would (no redirects followed). */
function payWithCard(
  h: Harness,
  paymentId: string,
  number: string,
  expiry = "12 / 34",
  cvc = "123",
) {
  return fetch(`${h.server.baseUrl}/pay/test-checkout/${paymentId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number, expiry, cvc, name: "Demo Customer" }).toString(),
    redirect: "manual",
  });
}

describe.each(databaseKinds)(
  "card payments with the test provider (no Stripe keys) on %s",
  (kind) => {
    const h = {} as Harness;
    beforeAll(async () => {
      h.server = await startTestServer({ kind });
      h.ids = await demoIds(h.server);
      h.placed = [];
      h.server.app.events.on("orderPlaced", (event) => h.placed.push(event));
    });
    afterAll(() => h.server?.close());

    it("creates a checkout on our own page for the server's total and leaves the cart until paid", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const response = await createIntent(h, customer, cart.total);
      expect(response.status, response.text).toBe(200);
      const intent = response.body;
      expect(intent).toMatchObject({ success: true, clientSecret: null });
      expect(intent.paymentIntentId).toMatch(/^pay_/);
      expect(intent.sessionUrl).toBe(
        `${h.server.baseUrl}/pay/test-checkout/${intent.paymentIntentId}`,
      );
      expect(intent.returnUrl).toBe(
        `${h.server.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&payment_id=${intent.paymentIntentId}`,
      );
      const polled = await status(h, customer, intent.paymentIntentId);
      expect(polled.body).toMatchObject({
        status: "requires_payment_method",
        orderId: null,
        error: null,
      });
      expect(polled.body.orderData).toMatchObject({
        vendorId: h.ids.forno,
        totalPence: cart.totalPence,
      });
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toHaveLength(1);
    });

    it("refuses an amount that is not the server's total, and a missing order", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const tampered = await createIntent(h, customer, 0.5);
      expect(tampered.status).toBe(400);
      expect(tampered.body.message).toContain(
        `does not match your cart total (£${cart.total.toFixed(2)})`,
      );
      const missing = await h.server.request<{ message: string }>(
        "/api/payments/stripe/create-intent",
        {
          token: customer.token,
          body: { amount: cart.total, currency: "gbp" },
        },
      );
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(MESSAGES.paymentMissingOrder);
      expect((await createIntent(h, customer, cart.total, { currency: "usd" })).status).toBe(400);
      const empty = await createIntent(h, await h.server.registerCustomer(), 1);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe("Your cart is empty");
      const [row] = await h.server.db.query<{ count: number }>(
        "select count(*)::int as count from payments where user_id = $1",
        [customer.user.id],
      );
      expect(row!.count).toBe(0);
    });

    it("serves a script-free checkout page under our CSP", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const { paymentIntentId } = (await createIntent(h, customer, cart.total)).body;
      const page = await fetch(`${h.server.baseUrl}/pay/test-checkout/${paymentIntentId}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(html).toContain("TEST MODE");
      expect(html).toContain(`£${cart.total.toFixed(2)}`);
      expect(html).toContain("San Pellegrino Limonata");
      expect(html).not.toMatch(/<script/i);
      expect((await fetch(`${h.server.baseUrl}/pay/test-checkout/pay_unknown`)).status).toBe(404);
    });

    it("declines 4000 0000 0000 0002 without an order and lets the customer try again", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const { paymentIntentId } = (await createIntent(h, customer, cart.total)).body;
      const declined = await payWithCard(h, paymentIntentId, "4000 0000 0000 0002");
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain("Your card was declined.");
      expect((await status(h, customer, paymentIntentId)).body).toMatchObject({
        status: "requires_payment_method",
        orderId: null,
        error: "Your card was declined.",
      });
      // ...which the app's poll reads as a failure (docs/product-spec.md § The calls it makes), at once.
      const answer = (await status(h, customer, paymentIntentId)).body;
      expect(paymentOutcome(answer.status, answer.error)).toBe("failure");
      expect(await countOrders(h.server, customer.user.id)).toBe(0);
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toHaveLength(1);
      const invalid = await payWithCard(h, paymentIntentId, "1234 5678 9012 3456");
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain("Your card number is invalid.");
    });

    it("pays with 4242 4242 4242 4242: one confirmed card order, cart emptied, redirect to payment success", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const intent = (await createIntent(h, customer, cart.total)).body;
      const before = h.placed.length;
      const paid = await payWithCard(h, intent.paymentIntentId, "4242 4242 4242 4242");
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(
        `${h.server.baseUrl}/payment-success?session_id=${intent.paymentIntentId}&payment_id=${intent.paymentIntentId}`,
      );
      const orders = await orderOfPayment(h, intent.paymentIntentId);
      expect(orders).toEqual([
        {
          id: expect.any(Number),
          status: "confirmed",
          payment_method: "stripe",
          total_pence: cart.totalPence,
          user_id: customer.user.id,
        },
      ]);
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toEqual([]);
      expect((await status(h, customer, intent.paymentIntentId)).body).toMatchObject({
        status: "paid",
        orderId: orders[0]!.id,
        error: null,
      });
      expect(h.placed.slice(before)).toEqual([
        {
          orderId: orders[0]!.id,
          userId: customer.user.id,
          vendorId: h.ids.forno,
          status: "confirmed",
        },
      ]);

      // Paying again, or asking POST /orders for the paid session, answers the same order.
      expect((await payWithCard(h, intent.paymentIntentId, "4242424242424242")).status).toBe(303);
      const viaOrders = await h.server.request<{ id: number }>("/api/orders", {
        token: customer.token,
        body: {
          ...orderData(h.ids.forno),
          paymentMethod: "stripe",
          stripePaymentIntentId: intent.paymentIntentId,
        },
      });
      expect(viaOrders.status).toBe(201);
      expect(viaOrders.body.id).toBe(orders[0]!.id);
      expect(await countOrders(h.server, customer.user.id)).toBe(1);
    });

    it("creates one order when the form, polls and POST /orders race", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const { paymentIntentId } = (await createIntent(h, customer, cart.total)).body;
      await Promise.all([
        payWithCard(h, paymentIntentId, "4242 4242 4242 4242"),
        payWithCard(h, paymentIntentId, "4242 4242 4242 4242"),
        ...Array.from({ length: 5 }, () => status(h, customer, paymentIntentId)),
      ]);
      expect(await orderOfPayment(h, paymentIntentId)).toHaveLength(1);
      expect(await countOrders(h.server, customer.user.id)).toBe(1);
    });

    it("lets only the payer read a payment's status", async () => {
      const payer = await h.server.registerCustomer();
      const cart = await fillCart(h, payer);
      const { paymentIntentId } = (await createIntent(h, payer, cart.total)).body;
      const stranger = await h.server.registerCustomer();
      const answer = await status(h, stranger, paymentIntentId);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "Payment not found" });
      expect(
        (await h.server.request(`/api/payments/stripe/status/${paymentIntentId}`)).status,
      ).toBe(401);
    });

    it("leaves another customer's cart alone when one customer pays", async () => {
      const alice = await h.server.registerCustomer();
      const bob = await h.server.registerCustomer();
      const aliceCart = await fillCart(h, alice);
      const bobCart = await fillCart(h, bob, 3);
      const { paymentIntentId } = (await createIntent(h, alice, aliceCart.total)).body;
      expect((await payWithCard(h, paymentIntentId, "4242 4242 4242 4242")).status).toBe(303);
      expect(await getCart(h.server, bob.token, h.ids.forno)).toEqual(bobCart);
    });

    it("replaces an older open attempt, whose page then refuses payment", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const first = (await createIntent(h, customer, cart.total)).body;
      const second = (await createIntent(h, customer, cart.total)).body;
      expect((await status(h, customer, first.paymentIntentId)).body.status).toBe("canceled");
      const stale = await payWithCard(h, first.paymentIntentId, "4242 4242 4242 4242");
      expect(await stale.text()).toContain("This payment session has expired");
      expect(await countOrders(h.server, customer.user.id)).toBe(0);
      expect((await payWithCard(h, second.paymentIntentId, "4242 4242 4242 4242")).status).toBe(
        303,
      );
      expect(await countOrders(h.server, customer.user.id)).toBe(1);
    });

    it("lets pi_mock_ payments succeed on their own after 3 seconds", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      const intent = (await createIntent(h, customer, cart.total, { metadata: { source: "mock" } }))
        .body;
      expect(intent.paymentIntentId).toMatch(/^pi_mock_/);
      expect((await status(h, customer, intent.paymentIntentId)).body.status).toBe(
        "requires_payment_method",
      );
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const done = (await status(h, customer, intent.paymentIntentId)).body;
      expect(done).toMatchObject({ status: "succeeded", orderId: expect.any(Number) });
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toEqual([]);
    });

    it("has no webhook without Stripe keys", async () => {
      const response = await h.server.request("/api/payments/stripe/webhook", {
        body: { id: "evt_1" },
      });
      expect(response.status).toBe(404);
    });
  },
);

describe.each(databaseKinds)(
  "card payments through Stripe (SDK against a fake Stripe) on %s",
  (kind) => {
    const h = {} as Harness;
    let stripe: FakeStripe;
    const signer = new Stripe("sk_test_signer_only");

    beforeAll(async () => {
      stripe = await startFakeStripe();
      h.server = await startTestServer({
        kind,
        config: {
          stripeSecretKey: "sk_test_food_park_fake",
          stripeWebhookSecret: WEBHOOK_SECRET,
          stripeApi: { host: stripe.host, port: stripe.port, protocol: "http" },
          publicUrl: "https://park.example",
        },
      });
      h.ids = await demoIds(h.server);
      h.placed = [];
      h.server.app.events.on("orderPlaced", (event) => h.placed.push(event));
    });
    afterAll(async () => {
      await h.server?.close();
      await stripe?.close();
    });

    const sendWebhook = (payload: string, signature: string) =>
      h.server.request<{ received?: boolean; duplicate?: boolean; message?: string }>(
        "/api/payments/stripe/webhook",
        {
          rawBody: payload,
          headers: { "stripe-signature": signature },
        },
      );
    const event = (id: string, type: string, sessionId: string) =>
      JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        data: { object: stripe.sessions.get(sessionId) },
      });
    const signed = (payload: string) =>
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    async function startCheckout(customer: RegisteredCustomer) {
      const cart = await fillCart(h, customer);
      const response = await createIntent(h, customer, cart.total);
      expect(response.status, response.text).toBe(200);
      const sessionId = (
        await h.server.db.query<{ checkout_session_id: string }>(
          "select checkout_session_id from payments where id = $1",
          [response.body.paymentIntentId],
        )
      )[0]!.checkout_session_id;
      return { cart, intent: response.body, sessionId };
    }

    it("creates a Stripe Checkout Session in gbp with the server's lines and return URLs", async () => {
      const customer = await h.server.registerCustomer();
      const { cart, intent, sessionId } = await startCheckout(customer);
      const sent = stripe.requests.find((request) => request.path === "/v1/checkout/sessions")!;
      expect(sent.authorization).toBe("Bearer sk_test_food_park_fake");
      expect(sent.idempotencyKey).toBe(`checkout-${intent.paymentIntentId}`);
      expect(sent.form.get("mode")).toBe("payment");
      expect(sent.form.get("line_items[0][price_data][currency]")).toBe("gbp");
      expect(sent.form.get("line_items[0][price_data][product_data][name]")).toBe(
        "San Pellegrino Limonata",
      );
      expect(sent.form.get("line_items[0][price_data][unit_amount]")).toBe("300");
      expect(sent.form.get("line_items[0][quantity]")).toBe("2");
      expect(sent.form.get("line_items[1][price_data][product_data][name]")).toBe("Service charge");
      expect(sent.form.get("success_url")).toBe(
        `https://park.example/payment-success?session_id={CHECKOUT_SESSION_ID}&payment_id=${intent.paymentIntentId}`,
      );
      expect(sent.form.get("cancel_url")).toBe(
        `https://park.example/stripe-webview-payment?cancelled=1&payment_id=${intent.paymentIntentId}`,
      );
      expect(sent.form.get("metadata[payment_id]")).toBe(intent.paymentIntentId);
      expect(sent.form.get("metadata[user_id]")).toBe(String(customer.user.id));
      expect(stripe.sessions.get(sessionId)!.amount_total).toBe(cart.totalPence);
      expect(intent.sessionUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    });

    it("creates the order when the status poll finds the session paid", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      expect((await status(h, customer, intent.paymentIntentId)).body).toMatchObject({
        status: "requires_payment_method",
        sessionId,
      });
      stripe.pay(sessionId);
      const paid = (await status(h, customer, intent.paymentIntentId)).body;
      expect(paid).toMatchObject({ status: "paid", orderId: expect.any(Number) });
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(1);
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toEqual([]);
    });

    it("refunds through Stripe the part of a two-trailer basket that sold out while the customer paid", async () => {
      const customer = await h.server.registerCustomer();
      const [burger] = await h.server.db.query<{ id: number }>(
        `select m.id from menu_items m where m.vendor_id = $1 and m.available and not exists
           (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
         order by m.id limit 1`,
        [h.ids.smash],
      );
      await addToCart(h.server, customer.token, h.ids.forno, h.ids.limonata, 2);
      await addToCart(h.server, customer.token, h.ids.smash, burger!.id, 1);
      const basket = await h.server.request<{ totals: { totalPence: number } }>(
        "/api/cart/basket",
        { token: customer.token },
      );
      const started = await h.server.request<{ payment: { paymentIntentId: string } }>(
        "/api/checkout",
        {
          token: customer.token,
          headers: { "Idempotency-Key": `refund-${customer.user.id}-basket` },
          body: {
            vendorIds: [h.ids.forno, h.ids.smash],
            orderType: "takeaway",
            paymentMethod: "stripe",
            totalPence: basket.body.totals.totalPence,
          },
        },
      );
      expect(started.status, started.text).toBe(201);
      const paymentId = started.body.payment.paymentIntentId;
      const [row] = await h.server.db.query<{ checkout_session_id: string }>(
        "select checkout_session_id from payments where id = $1",
        [paymentId],
      );
      const sessionId = row!.checkout_session_id;
      await h.server.db.query("update menu_items set sold_out = true where id = $1", [
        h.ids.limonata,
      ]);
      try {
        stripe.pay(sessionId);
        const paid = await status(h, customer, paymentId);
        expect(paid.body).toMatchObject({
          status: "paid",
          refund: {
            amountPence: 600,
            note: "San Pellegrino Limonata sold out while you were paying: £6.00 has been refunded. The rest of your order is on its way.",
          },
        });
        const refunds = stripe.requests.filter((request) => request.path === "/v1/refunds");
        expect(refunds.map((request) => Object.fromEntries(request.form))).toEqual([
          { payment_intent: `pi_fake_${sessionId}`, amount: "600" },
        ]);
        const orders = await h.server.db.query<{ vendor_id: number }>(
          "select vendor_id from orders where user_id = $1",
          [customer.user.id],
        );
        expect(orders.map((order) => order.vendor_id)).toEqual([h.ids.smash]);
      } finally {
        await h.server.db.query("update menu_items set sold_out = false where id = $1", [
          h.ids.limonata,
        ]);
      }
    });

    it("reports a card declined on Stripe's page as requires_payment_method with Stripe's reason, and no order", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      stripe.decline(sessionId, "Your card was declined.");

      const polled = (await status(h, customer, intent.paymentIntentId)).body;

      expect(polled).toMatchObject({
        status: "requires_payment_method",
        orderId: null,
        error: "Your card was declined.",
      });
      expect(paymentOutcome(polled.status, polled.error)).toBe("failure");
      const retrieve = stripe.requests.findLast(
        (request) => request.path === `/v1/checkout/sessions/${sessionId}`,
      )!;
      expect(retrieve.method).toBe("GET");
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(0);
      // The customer may still pay on the same page: a later poll finds it paid.
      stripe.pay(sessionId);
      expect((await status(h, customer, intent.paymentIntentId)).body).toMatchObject({
        status: "paid",
        error: null,
      });
    });

    it("creates the order from a signed checkout.session.completed webhook, once, even when replayed", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      stripe.pay(sessionId);
      const payload = event(`evt_completed_${sessionId}`, "checkout.session.completed", sessionId);
      const first = await sendWebhook(payload, signed(payload));
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ received: true, duplicate: false });
      const orders = await orderOfPayment(h, intent.paymentIntentId);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ status: "confirmed", payment_method: "stripe" });

      const replay = await sendWebhook(payload, signed(payload));
      expect(replay.body).toEqual({ received: true, duplicate: true });
      const another = event(
        `evt_async_${sessionId}`,
        "checkout.session.async_payment_succeeded",
        sessionId,
      );
      expect((await sendWebhook(another, signed(another))).status).toBe(200);
      await status(h, customer, intent.paymentIntentId);
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(1);
      expect(await countOrders(h.server, customer.user.id)).toBe(1);
    });

    it("creates one order when webhooks and polls arrive together", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      stripe.pay(sessionId);
      const payloads = [1, 2, 3].map((n) =>
        event(`evt_race_${n}_${sessionId}`, "checkout.session.completed", sessionId),
      );
      await Promise.all([
        ...payloads.map((payload) => sendWebhook(payload, signed(payload))),
        ...Array.from({ length: 4 }, () => status(h, customer, intent.paymentIntentId)),
      ]);
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(1);
    });

    it("refuses a wrong, missing or stale signature and a tampered body", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      stripe.pay(sessionId);
      const payload = event(`evt_forged_${sessionId}`, "checkout.session.completed", sessionId);
      const wrongSecret = signer.webhooks.generateTestHeaderString({
        payload,
        secret: "whsec_someone_else",
      });
      const forged = await sendWebhook(payload, wrongSecret);
      expect(forged.status).toBe(400);
      expect(forged.body.message).toMatch(/signature/i);
      const missing = await h.server.request("/api/payments/stripe/webhook", { rawBody: payload });
      expect(missing.status).toBe(400);
      const tampered = await sendWebhook(
        payload.replace("checkout.session.completed", "checkout.session.expired"),
        signed(payload),
      );
      expect(tampered.status).toBe(400);
      const stale = signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      expect((await sendWebhook(payload, stale)).status).toBe(400);
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(0);
    });

    it.each([
      ["no data", { id: "evt_m1", object: "event", type: "checkout.session.completed" }],
      ["data: null", { id: "evt_m2", type: "checkout.session.completed", data: null }],
      ["data without an object", { id: "evt_m3", type: "checkout.session.completed", data: {} }],
      [
        "an object that is a list",
        { id: "evt_m4", type: "checkout.session.completed", data: { object: [] } },
      ],
      [
        "a session without an id",
        { id: "evt_m5", type: "checkout.session.completed", data: { object: { amount_total: 1 } } },
      ],
      [
        "an amount in text",
        {
          id: "evt_m6",
          type: "checkout.session.completed",
          data: { object: { id: "cs_x", amount_total: "1000" } },
        },
      ],
      ["an array body", [{ id: "evt_m7", type: "checkout.session.completed" }]],
      ["no event id", { type: "checkout.session.completed", data: { object: { id: "cs_y" } } }],
      ["JSON null", null],
      ["a number", 42],
    ])(
      "answers a validly signed event with %s with 400 and a message, and logs it",
      async (_name, body) => {
        const logged: unknown[] = [];
        const log = h.server.app.log;
        const original = log.error.bind(log);
        log.error = ((...args: unknown[]) => {
          logged.push(args);
        }) as typeof log.error;
        try {
          const payload = JSON.stringify(body);
          const response = await sendWebhook(payload, signed(payload));
          expect(response.status).toBe(400);
          expect(response.body).toEqual({
            message: expect.stringMatching(/^Webhook event not understood: /),
          });
          expect(logged).toHaveLength(1);
        } finally {
          log.error = original;
        }
      },
    );

    it("marks an expired session cancelled and never creates its order", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      stripe.sessions.get(sessionId)!.status = "expired";
      const payload = event(`evt_expired_${sessionId}`, "checkout.session.expired", sessionId);
      expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
      expect((await status(h, customer, intent.paymentIntentId)).body).toMatchObject({
        status: "canceled",
        orderId: null,
        error: MESSAGES.paymentCancelledOrFailed,
      });
      expect((await getCart(h.server, customer.token, h.ids.forno)).items).toHaveLength(1);
    });

    it("refuses to create an order when the amount paid differs from the amount asked", async () => {
      const customer = await h.server.registerCustomer();
      const { intent, sessionId } = await startCheckout(customer);
      const session = stripe.pay(sessionId);
      session.amount_total = 1;
      const payload = event(`evt_short_${sessionId}`, "checkout.session.completed", sessionId);
      expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
      expect(await orderOfPayment(h, intent.paymentIntentId)).toHaveLength(0);
      expect((await status(h, customer, intent.paymentIntentId)).body.status).toBe("failed");
    });

    it("expires the older Stripe session when the customer starts again", async () => {
      const customer = await h.server.registerCustomer();
      const first = await startCheckout(customer);
      const second = await createIntent(h, customer, first.cart.total);
      expect(second.status).toBe(200);
      expect(stripe.sessions.get(first.sessionId)!.status).toBe("expired");
      expect((await status(h, customer, first.intent.paymentIntentId)).body.status).toBe(
        "canceled",
      );
    });

    it("answers 'Failed to create payment intent' when Stripe is down", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      stripe.failWith = 500;
      try {
        const response = await createIntent(h, customer, cart.total);
        expect(response.status).toBe(502);
        expect(response.body.message).toBe(MESSAGES.paymentIntentFailed);
      } finally {
        stripe.failWith = null;
      }
    });

    it("refuses mock payments when Stripe is configured", async () => {
      const customer = await h.server.registerCustomer();
      const cart = await fillCart(h, customer);
      expect(
        (await createIntent(h, customer, cart.total, { metadata: { source: "mock" } })).status,
      ).toBe(400);
    });
  },
);
