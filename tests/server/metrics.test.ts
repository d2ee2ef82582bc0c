import { randomBytes } from "node:crypto";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, demoIds, getCart } from "./helpers/checkout-fixtures";
import { deleteRedisKeys, randomRedisPrefix, testRedisUrl } from "./helpers/redis";
import { startTestServer, type TestServer } from "./helpers/test-server";

const TOKEN = randomBytes(24).toString("base64url");

/** The value of one sample line (`name{labels} value`), or null when the scrape has none. */
function sample(scrape: string, name: string, labels = ""): number | null {
  for (const line of scrape.split("\n")) {
    if (line.startsWith("#")) continue;
    const [series, value] = line.split(/ (?=[^ ]+$)/);
    if (!series) continue;
    const bare = series.replace(/\{.*\}$/, "");
    if (bare === name && (labels === "" || series.includes(labels))) return Number(value);
  }
  return null;
}

describe("metrics: /metrics for Prometheus behind METRICS_TOKEN", () => {
  let server: TestServer;
  const scrape = async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer({
      kind: "postgres",
      config: { metricsToken: TOKEN, paymentsTestMode: true },
    });
  }, 120_000);
  afterAll(() => server?.close());

  it("refuses a scrape without the token, or with another one", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token",
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const response = await fetch(`${server.baseUrl}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(await response.text()).not.toContain("foodpark_");
    }
  });

  it("is not there at all when no token is set", { timeout: 180_000 }, async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" },
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("counts requests and their latency by route template and status, never by customer, order or token", async () => {
    const ids = await demoIds(server);
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata);
    await getCart(server, customer.token, ids.forno);
    const placed = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: cashOrder(ids.forno),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id;
    for (let index = 0; index < 3; index += 1) {
      const read = await server.request(`/api/orders/${orderId}`, { token: customer.token });
      expect(read.status).toBe(200);
    }
    expect((await server.request("/api/orders/999999", { token: customer.token })).status).toBe(
      404,
    );

    const text = await scrape();
    const route = 'route="/api/orders/:orderId"';
    expect(sample(text, "foodpark_http_requests_total", `method="GET",${route},status="200"`)).toBe(
      3,
    );
    expect(sample(text, "foodpark_http_requests_total", `method="GET",${route},status="404"`)).toBe(
      1,
    );
    expect(
      sample(
        text,
        "foodpark_http_request_duration_seconds_count",
        `method="GET",${route},status="200"`,
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        "foodpark_http_request_duration_seconds_bucket",
        `le="+Inf",method="GET",${route},status="200"`,
      ) ??
        sample(
          text,
          "foodpark_http_request_duration_seconds_bucket",
          `${route},status="200",le="+Inf"`,
        ),
    ).toBe(3);
    expect(
      sample(
        text,
        "foodpark_http_requests_total",
        'method="POST",route="/api/orders",status="201"',
      ),
    ).toBe(1);
    // No label carries a concrete id, an email or a token.
    expect(text).not.toContain(`/api/orders/${orderId}"`);
    expect(text).not.toMatch(/route="[^"]*\d{2,}/);
    expect(text).not.toContain(customer.email);
    expect(text).not.toContain(customer.token);
    expect(text).not.toContain(TOKEN);
  });

  it("counts orders placed, status events sent and card payments by outcome", async () => {
    const before = await scrape();
    const ids = await demoIds(server);
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    const placed = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: cashOrder(ids.forno),
    });
    const staff = await server.login("staff@foodpark.test", "staff-password");
    const moved = await server.request(`/api/staff/orders/${placed.body.id}`, {
      method: "PATCH",
      token: staff,
      body: { status: "confirmed" },
    });
    expect(moved.status).toBe(200);

    // A card declined on the test checkout, then paid.
    await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
    const cart = await getCart(server, customer.token, ids.forno);
    const intent = await server.request<{ paymentIntentId: string }>(
      "/api/payments/stripe/create-intent",
      {
        token: customer.token,
        body: {
          orderData: { vendorId: ids.forno, orderType: "takeaway", items: [] },
          amount: cart.total,
          currency: "gbp",
        },
      },
    );
    expect(intent.status, intent.text).toBe(200);
    const pay = (number: string) =>
      fetch(`${server.baseUrl}/pay/test-checkout/${intent.body.paymentIntentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123", name: "A" }).toString(),
        redirect: "manual",
      });
    expect((await pay("4000 0000 0000 0002")).status).toBe(402);
    expect((await pay("4242 4242 4242 4242")).status).toBe(303);

    const after = await scrape();
    const delta = (name: string, labels = "") =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta("foodpark_orders_placed_total")).toBe(2); // cash, then the paid card order
    expect(delta("foodpark_status_events_sent_total")).toBe(1);
    expect(delta("foodpark_payments_total", 'outcome="declined"')).toBe(1);
    expect(delta("foodpark_payments_total", 'outcome="paid"')).toBe(1);
  });

  it("reports connected sockets, event-loop lag and the database pool", async () => {
    const socket = connect(server.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const text = await scrape();
      expect(sample(text, "foodpark_sockets_connected")).toBe(1);
      expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
      const max = sample(text, "foodpark_db_pool_connections", 'state="max"') ?? 0;
      const total = sample(text, "foodpark_db_pool_connections", 'state="total"') ?? 0;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(max).toBeGreaterThanOrEqual(total);
      expect(sample(text, "foodpark_db_pool_connections", 'state="waiting"')).toBe(0);
    } finally {
      socket.disconnect();
    }
    await expect
      .poll(async () => sample(await scrape(), "foodpark_sockets_connected"), { timeout: 5000 })
      .toBe(0);
  });

  it("reports each Redis connection's health when nodes share Redis", {
    timeout: 180_000,
  }, async () => {
    const prefix = randomRedisPrefix();
    const node = await startTestServer({
      config: { metricsToken: TOKEN, redisUrl: testRedisUrl, redisKeyPrefix: prefix },
    });
    try {
      const response = await fetch(`${node.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const text = await response.text();
      for (const connection of ["commands", "relay", "subscriber"])
        expect(sample(text, "foodpark_redis_up", `connection="${connection}"`), connection).toBe(1);
      // The embedded database has no pool to report.
      expect(sample(text, "foodpark_db_pool_connections")).toBeNull();
    } finally {
      await node.close();
      await deleteRedisKeys(prefix);
    }
  });
});
