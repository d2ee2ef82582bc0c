import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoIds } from "./helpers/checkout-fixtures";
import { generateCases, runCases } from "./helpers/fuzz";
import { startTestServer, type TestServer } from "./helpers/test-server";

/** A few thousand in `npm test`; `npm run soak` sets FUZZ_REQUESTS=10000 (or more). */
const REQUESTS = Number(process.env.FUZZ_REQUESTS || 3000);
const SEED = Number(process.env.FUZZ_SEED || 11);

describe("fuzz: malformed requests across every route", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { paymentsTestMode: true } });
  });
  afterAll(() => server?.close());

  it(`answers ${REQUESTS} malformed requests with 0 × 5xx and stays healthy`, {
    timeout: 600_000,
  }, async () => {
    const ids = await demoIds(server);
    const customer = await server.registerCustomer();
    const staff = await server.login("staff@foodpark.test", "staff-password");
    const routes = server.app.routeList.filter((route) => route.method !== "OPTIONS");
    expect(routes.length).toBeGreaterThan(25);
    // Every route of the app is in the table, this test's newest ones included.
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        "POST /api/orders",
        "GET /api/vendors/:id",
        "PATCH /api/staff/orders/:orderId",
        "GET /api/config",
      ]),
    );

    const identities = [
      { name: "customer", token: customer.token },
      { name: "staff", token: staff },
      { name: "signed out", token: null },
    ];
    const cases = generateCases(routes, REQUESTS, SEED, identities, {
      vendorId: ids.forno,
      itemId: ids.limonata,
    });
    const result = await runCases(server.baseUrl, cases);

    const table = [...result.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`);
    console.log(
      `fuzz: ${result.sent} requests over ${routes.length} routes, seed ${SEED} — ${table.join(", ")}`,
    );
    expect(result.failures, JSON.stringify(result.failures.slice(0, 10), null, 1)).toEqual([]);
    expect(result.shapeless, JSON.stringify(result.shapeless.slice(0, 10), null, 1)).toEqual([]);
    expect(result.sent).toBe(REQUESTS);

    const health = await server.request("/healthz");
    expect(health.status).toBe(200);
    const vendors = await server.request<{ data: unknown[] }>("/api/vendors/list");
    expect(vendors.status).toBe(200);
    expect(vendors.body.data.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
