import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AppConfigResponse } from "@contract/app-config";
import { MESSAGES } from "@contract/messages";
import { buildApp } from "@server/app.js";
import { loadConfig, productionProblems } from "@server/config.js";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, demoIds, getCart } from "../helpers/checkout-fixtures";
import { createTestDatabase, startTestServer, type TestServer } from "../helpers/test-server";

const SECRET = "a-production-secret-of-at-least-32-chars";
const PUBLIC_URL = "https://park.example";

/** A built client stand-in: the shell and one hashed asset with its source map. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-client-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Food Park</title>");
  fs.writeFileSync(
    path.join(dir, "assets", "app-abc.js"),
    "console.log(1)\n//# sourceMappingURL=app-abc.js.map",
  );
  fs.writeFileSync(
    path.join(dir, "assets", "app-abc.js.map"),
    '{"version":3,"sources":["src/secret.ts"]}',
  );
  return dir;
}

const production = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: "production", JWT_SECRET: SECRET, PUBLIC_URL, ...env });

describe("NODE_ENV=production refuses unsafe starts", () => {
  it("names JWT_SECRET and PUBLIC_URL when they are missing, and will not build", async () => {
    const config = loadConfig({ NODE_ENV: "production" });
    const problems = productionProblems(config);
    expect(problems.join("\n")).toMatch(/JWT_SECRET is required/);
    expect(problems.join("\n")).toMatch(/PUBLIC_URL is required/);
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      /Refusing to start in production/,
    );
    expect(
      productionProblems(loadConfig({ NODE_ENV: "production", JWT_SECRET: "short", PUBLIC_URL })),
    ).toEqual(["JWT_SECRET must be at least 32 characters when NODE_ENV=production."]);
    expect(productionProblems(production({}))).toEqual([]);
    // Development needs neither.
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  it("refuses the tests' private push endpoints in production; development may use them", () => {
    expect(productionProblems(production({ PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" }))).toEqual([
      "PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only and is refused when NODE_ENV=production.",
    ]);
    expect(loadConfig({}).pushAllowPrivateEndpoints).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" }).pushAllowPrivateEndpoints).toBe(true);
  });

  it("defaults: no demo data, no test payments; DEMO_DATA=1 and PAYMENTS_TEST_MODE=1 opt in", () => {
    expect(production({})).toMatchObject({
      production: true,
      demoData: false,
      paymentsTestMode: false,
    });
    expect(production({ DEMO_DATA: "1", PAYMENTS_TEST_MODE: "1" })).toMatchObject({
      demoData: true,
      paymentsTestMode: true,
    });
    expect(loadConfig({})).toMatchObject({
      production: false,
      demoData: true,
      paymentsTestMode: true,
    });
    expect(() => loadConfig({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA must be 1 or 0/);
  });
});

describe("a production server without demo data or Stripe keys", () => {
  let server: TestServer;
  const clientDir = fakeClient();

  beforeAll(async () => {
    const { port: _port, host: _host, dataDir: _dataDir, ...config } = production({});
    server = await startTestServer({ config: { ...config, clientDir } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("has no demo park and no demo accounts; staff come from staff:add", async () => {
    const demo = await server.request("/auth/login", {
      body: { email: "demo@foodpark.test", password: "demo-password" },
    });
    expect(demo.status).toBe(401);
    const staffDemo = await server.request("/auth/login", {
      body: { email: "staff@foodpark.test", password: "staff-password" },
    });
    expect(staffDemo.status).toBe(401);
    const vendors = await server.request<{ data: unknown[] }>("/api/vendors/list");
    expect(vendors.body.data).toEqual([]);

    const added = await addStaffAccount(server.db, {
      email: "Boss@Park.example",
      password: "a-long-staff-password",
    });
    expect(added.created).toBe(true);
    const token = await server.login("boss@park.example", "a-long-staff-password");
    expect((await server.request("/api/staff/orders", { token })).status).toBe(200);
    // Running it again promotes/updates instead of duplicating.
    expect(
      (
        await addStaffAccount(server.db, {
          email: "boss@park.example",
          password: "another-long-password",
        })
      ).created,
    ).toBe(false);
    await expect(
      addStaffAccount(server.db, { email: "x@park.example", password: "short" }),
    ).rejects.toThrow(/at least 8/);
  });

  it("refuses card payments with 503 {message} and tells the app card payments are off", async () => {
    const config = await server.request<AppConfigResponse>("/api/config");
    expect(config.body).toMatchObject({ cardPayments: "off", testPayments: false });
    // The charges a cart written offline is priced with: the same figures the server prices carts with.
    expect(config.body.charges).toEqual({
      serviceChargePence: expect.any(Number),
      deliveryFeePence: expect.any(Number),
    });
    const customer = await server.registerCustomer();
    const intent = await server.request<{ message: string }>("/api/payments/stripe/create-intent", {
      token: customer.token,
      body: {
        orderData: { vendorId: 1, orderType: "takeaway", items: [] },
        amount: 5,
        currency: "gbp",
        metadata: { source: "mock" },
      },
    });
    expect(intent.status).toBe(503);
    expect(intent.body).toEqual({ message: MESSAGES.cardPaymentsUnavailable });
    // The local test checkout does not exist.
    const page = await server.request("/pay/test-checkout/pay_x", { method: "POST", body: {} });
    expect(page.status).toBe(404);
    expect(page.text).not.toMatch(/test checkout/i);
  });

  it("serves the app but never its source maps", async () => {
    expect((await server.request("/assets/app-abc.js")).status).toBe(200);
    // Only the path counts: a query that ends in ".map" is not a request for one.
    expect((await server.request("/assets/app-abc.js?v=1.map")).status).toBe(200);
    for (const url of [
      "/assets/app-abc.js.map",
      "/assets/app-abc.js.ma%70",
      "/assets/app-abc.js.map?x=1",
      "/assets/app-abc.js.MAP",
      "/assets/app-abc.js%2Emap",
    ]) {
      const response = await server.request(url);
      expect(response.status, url).toBe(404);
      expect(response.text).not.toContain("secret.ts");
    }
  });
});

describe("production with DEMO_DATA=1 (and test payments when asked)", () => {
  it("keeps cash working with card payments off, and logs the demo-data warning", {
    timeout: 180_000,
  }, async () => {
    const lines: string[] = [];
    const database = await createTestDatabase("pglite");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-prod-"));
    const app = await buildApp(
      { ...production({ DEMO_DATA: "1" }), dataDir, clientDir: undefined },
      { database: database.db, logStream: { write: (line: string) => void lines.push(line) } },
    );
    await app.ready();
    try {
      expect(lines.join("")).toMatch(/DEMO_DATA=1: the demo park/);
      expect(lines.join("")).toMatch(/card payments are refused/);
      const login = await app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: "demo@foodpark.test", password: "demo-password" },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const [item] = await database.db.query<{ id: number; vendor_id: number }>(
        "select mi.id, mi.vendor_id from menu_items mi join vendors v on v.id = mi.vendor_id where v.slug = 'forno-fuoco' and mi.name = 'San Pellegrino Limonata'",
      );
      const add = await app.inject({
        method: "POST",
        url: "/api/cart/add",
        headers,
        payload: { itemId: item!.id, vendorId: item!.vendor_id, quantity: 1 },
      });
      expect(add.statusCode, add.body).toBe(200);
      const card = await app.inject({
        method: "POST",
        url: "/api/payments/stripe/create-intent",
        headers,
        payload: {
          orderData: cashOrder(item!.vendor_id),
          amount: add.json<{ total: number }>().total,
          currency: "gbp",
        },
      });
      expect(card.statusCode).toBe(503);
      expect(card.json()).toEqual({ message: MESSAGES.cardPaymentsUnavailable });
      // The cart is untouched by the refusal, and cash at the counter still works.
      const cash = await app.inject({
        method: "POST",
        url: "/api/orders",
        headers,
        payload: cashOrder(item!.vendor_id),
      });
      expect(cash.statusCode, cash.body).toBe(201);
    } finally {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("PAYMENTS_TEST_MODE=1: the app is told to show the banner, and the warning is logged", {
    timeout: 180_000,
  }, async () => {
    const lines: string[] = [];
    const database = await createTestDatabase("pglite");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-prod-"));
    const app = await buildApp(
      { ...production({ DEMO_DATA: "1", PAYMENTS_TEST_MODE: "1" }), dataDir, clientDir: undefined },
      { database: database.db, logStream: { write: (line: string) => void lines.push(line) } },
    );
    await app.ready();
    try {
      expect(lines.join("")).toMatch(
        /PAYMENTS_TEST_MODE=1: card payments go to a local test checkout/,
      );
      const config = await app.inject({ method: "GET", url: "/api/config" });
      expect(config.json()).toMatchObject({ cardPayments: "test", testPayments: true });
    } finally {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** fetch() will not send a made-up Host: node:http will. */
function postWithHost(
  baseUrl: string,
  urlPath: string,
  token: string,
  body: unknown,
  host: string,
) {
  const url = new URL(urlPath, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, string>,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

describe("payment return URLs never come from a claimed Host", () => {
  let dev: TestServer;
  let withPublicUrl: TestServer;

  beforeAll(async () => {
    dev = await startTestServer();
    withPublicUrl = await startTestServer({
      database: dev.database,
      config: { publicUrl: PUBLIC_URL, jwtSecret: dev.jwtSecret },
    });
  });
  afterAll(async () => {
    await withPublicUrl?.close();
    await dev?.close();
  });

  it("uses PUBLIC_URL whatever the Host says, and refuses a foreign Host without it", async () => {
    const ids = await demoIds(dev);
    const customer = await dev.registerCustomer();
    await addToCart(dev, customer.token, ids.forno, ids.limonata, 1);
    const cart = await getCart(dev, customer.token, ids.forno);
    const body = {
      orderData: cashOrder(ids.forno),
      amount: cart.totalPence / 100,
      currency: "gbp",
    };
    const intentUrl = "/api/payments/stripe/create-intent";

    const refused = await postWithHost(
      dev.baseUrl,
      intentUrl,
      customer.token,
      body,
      "evil.example",
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/PUBLIC_URL/);

    const pinned = await postWithHost(
      withPublicUrl.baseUrl,
      intentUrl,
      customer.token,
      body,
      "evil.example",
    );
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    expect(pinned.body.returnUrl!.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(pinned.body.sessionUrl!.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(JSON.stringify(pinned.body)).not.toContain("evil.example");

    // Development on this machine (127.0.0.1) keeps working without PUBLIC_URL.
    const local = await dev.request<{ returnUrl: string }>("/api/payments/stripe/create-intent", {
      token: customer.token,
      body,
    });
    expect(local.status, local.text).toBe(200);
    expect(local.body.returnUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});
