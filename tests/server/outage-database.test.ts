/**
 * The database goes away while the park is open and comes back: every request that needs it answers a
 * retryable 503 `{message}` with Retry-After (never 500), the node recovers by itself, and an order or a card
 * payment retried across the outage ends as exactly one order.
 *
 * PostgreSQL is really taken away: the test database stops accepting connections (ALLOW_CONNECTIONS false)
 * and every backend serving it is terminated, then it is given back.
 */
import { randomUUID } from "node:crypto";
import { isDatabaseUnavailable } from "@server/db/unavailable.js";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../services";
import {
  addToCart,
  cashOrder,
  countOrders,
  type DemoIds,
  demoIds,
  getCart,
} from "./helpers/checkout-fixtures";
import { type FakeStripe, startFakeStripe } from "./helpers/fake-stripe";
import { type RegisteredCustomer, startTestServer, type TestServer } from "./helpers/test-server";

const WEBHOOK_SECRET = "whsec_test_secret_for_outages";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Stops `name` accepting connections and cuts every connection it has. */
async function takeAway(name: string) {
  await admin(`alter database ${name} allow_connections false`);
  await admin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  );
}
const giveBack = (name: string) => admin(`alter database ${name} allow_connections true`);

/** Retries like the app does (after Retry-After, same request) until the answer is not 503. */
async function untilAvailable<T>(send: () => Promise<{ status: number } & T>, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    const response = await send();
    if (response.status !== 503 || Date.now() - started > timeoutMs) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function expectUnavailable(response: {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}) {
  expect(response.status, response.text).toBe(503);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(response.body).toEqual({ message: expect.stringMatching(/unavailable/i) });
}

describe("PostgreSQL taken away and given back", () => {
  let server: TestServer;
  let ids: DemoIds;
  let stripe: FakeStripe;
  let name: string;
  let customer: RegisteredCustomer;
  const signer = new Stripe("sk_test_signer_only");

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      kind: "postgres",
      config: {
        stripeSecretKey: "sk_test_food_park_fake",
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApi: { host: stripe.host, port: stripe.port, protocol: "http" },
        publicUrl: "https://park.example",
      },
    });
    ids = await demoIds(server);
    name = (await server.db.query<{ name: string }>("select current_database() as name"))[0]!.name;
    customer = await server.registerCustomer();
  });
  afterAll(async () => {
    if (name) await giveBack(name).catch(() => undefined);
    await server?.close();
    await stripe?.close();
  });

  it("answers 503 with Retry-After on every route that needs the database, then recovers by itself", async () => {
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    await takeAway(name);
    try {
      const started = Date.now();
      const answers = await Promise.all([
        server.request(`/api/cart?vendorId=${ids.forno}`, { token: customer.token }),
        server.request("/api/cart/add", {
          token: customer.token,
          body: { itemId: ids.limonata, vendorId: ids.forno, quantity: 1 },
        }),
        server.request("/api/orders", { token: customer.token }),
        server.request("/auth/login", {
          body: { email: customer.email, password: customer.password },
        }),
        server.request("/auth/register", {
          body: {
            email: `${randomUUID()}@foodpark.test`,
            password: "correct-horse-battery",
            name: "N",
            role: "customer",
          },
        }),
        server.request("/api/orders", {
          token: customer.token,
          body: cashOrder(ids.forno),
          headers: { "idempotency-key": randomUUID() },
        }),
      ]);
      for (const answer of answers) expectUnavailable(answer);
      // Nobody waits long: the pool gives up on a connection after its connect timeout.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((await server.request("/healthz")).status).toBe(200);
      expect((await server.request("/readyz")).status).toBe(503);
    } finally {
      await giveBack(name);
    }
    const cart = await untilAvailable(() =>
      server.request<{ items: unknown[] }>(`/api/cart?vendorId=${ids.forno}`, {
        token: customer.token,
      }),
    );
    expect(cart.status, cart.text).toBe(200);
    expect((await server.request("/readyz")).status).toBe(200);
    expect(
      (
        await server.request("/auth/login", {
          body: { email: customer.email, password: customer.password },
        })
      ).status,
    ).toBe(200);
  });

  it("survives a connection cut in the middle of a transaction: the transaction fails as unavailable, the node lives on", async () => {
    const failure = await server.db
      .transaction(async (tx) => {
        await tx.query("select 1");
        await takeAway(name);
        await new Promise((resolve) => setTimeout(resolve, 300)); // the cut arrives while no statement runs
        await tx.query("select 1");
      })
      .catch((error: unknown) => error)
      .finally(() => giveBack(name));
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const back = await untilAvailable(() => server.request("/readyz"));
    expect(back.status).toBe(200);
  });

  it("keeps an order retried with its Idempotency-Key across the outage to exactly one", async () => {
    const buyer = await server.registerCustomer();
    await addToCart(server, buyer.token, ids.forno, ids.limonata, 2);
    const key = randomUUID();
    const place = () =>
      server.request<{ id: number }>("/api/orders", {
        token: buyer.token,
        body: cashOrder(ids.forno),
        headers: { "idempotency-key": key },
      });
    await takeAway(name);
    try {
      expectUnavailable(await place());
    } finally {
      await giveBack(name);
    }
    const first = await untilAvailable(place);
    expect(first.status, first.text).toBe(201);
    const again = await place();
    expect(again.body.id).toBe(first.body.id);
    expect(await countOrders(server, buyer.user.id)).toBe(1);
  });

  it("turns a card payment completed at Stripe while the database is away into exactly one order", async () => {
    const payer = await server.registerCustomer();
    await addToCart(server, payer.token, ids.forno, ids.limonata, 2);
    const cart = await getCart(server, payer.token, ids.forno);
    const intent = await server.request<{ paymentIntentId: string }>(
      "/api/payments/stripe/create-intent",
      {
        token: payer.token,
        body: {
          orderData: { vendorId: ids.forno, orderType: "takeaway", items: [] },
          amount: cart.total,
          currency: "gbp",
        },
      },
    );
    expect(intent.status, intent.text).toBe(200);
    const paymentId = intent.body.paymentIntentId;
    const sessionId = (
      await server.db.query<{ checkout_session_id: string }>(
        "select checkout_session_id from payments where id = $1",
        [paymentId],
      )
    )[0]!.checkout_session_id;

    const payload = JSON.stringify({
      id: `evt_outage_${sessionId}`,
      object: "event",
      type: "checkout.session.completed",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: stripe.sessions.get(sessionId) },
    });
    const webhook = () =>
      server.request("/api/payments/stripe/webhook", {
        rawBody: payload,
        headers: {
          "stripe-signature": signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
      });
    const poll = () =>
      server.request<{ status: string; orderId: number | null }>(
        `/api/payments/stripe/status/${paymentId}`,
        {
          token: payer.token,
        },
      );

    await takeAway(name);
    try {
      stripe.pay(sessionId); // the customer paid on Stripe's page meanwhile
      expectUnavailable(await webhook()); // Stripe retries a non-2xx delivery
      expectUnavailable(await poll()); // the app keeps polling
    } finally {
      await giveBack(name);
    }
    // Back: Stripe's retry and the app's poll race; one order either way.
    const [delivered, polled] = await Promise.all([untilAvailable(webhook), untilAvailable(poll)]);
    expect(delivered.status, delivered.text).toBe(200);
    expect(polled.status, polled.text).toBe(200);
    const settled = await poll();
    expect(settled.body.status).toBe("paid");
    const orders = await server.db.query<{ id: number }>(
      "select id from orders where payment_id = $1",
      [paymentId],
    );
    expect(orders).toHaveLength(1);
    expect(settled.body.orderId).toBe(orders[0]!.id);
    expect(await countOrders(server, payer.user.id)).toBe(1);
  });
});

describe("embedded database closed under a running node", () => {
  it("answers 503 with Retry-After, never 500", async () => {
    const server = await startTestServer({ kind: "pglite" });
    const customer = await server.registerCustomer();
    try {
      await server.db.close();
      expectUnavailable(await server.request("/api/orders", { token: customer.token }));
      expectUnavailable(
        await server.request("/auth/login", {
          body: { email: customer.email, password: customer.password },
        }),
      );
    } finally {
      await server.app.close().catch(() => undefined);
    }
  });
});
