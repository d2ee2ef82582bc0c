/**
 * What the routes' declared contracts promise beyond the document: answers are serialised whole (no response
 * schema strips a field the client reads), and each declaration is what the server registered.
 */
import type { Schema } from "@contract/schema";
import { validationSchema } from "@server/routes/route-contract.js";
import { staffScope } from "@server/services/staff-scope.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";
import { addToCart, demoIds } from "./helpers/checkout-fixtures";
import { startTestServer, type TestServer } from "./helpers/test-server";

describe("declared route contracts", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  /** The declared success schema of a registered route. */
  function answerSchema(method: string, url: string, status = 200): Schema {
    const route = server.app.declaredRoutes.find(
      (declared) => declared.method === method && declared.url === url,
    );
    const schema = route?.contract.responses[status]?.schema;
    if (!schema) throw new Error(`${method} ${url} declares no ${status} schema`);
    return schema;
  }

  /** The wire answer is what the service produced, whole, and the client's schema reads it. */
  function expectWhole(
    method: string,
    url: string,
    wire: unknown,
    produced: unknown,
    omit: string[] = [],
  ) {
    const drop = (value: unknown) =>
      Object.fromEntries(
        Object.entries(JSON.parse(JSON.stringify(value)) as Record<string, unknown>).filter(
          ([key]) => !omit.includes(key),
        ),
      );
    expect(drop(wire), `${method} ${url}`).toEqual(drop(produced));
    const read = safeParse(answerSchema(method, url), wire);
    expect(read.success, `${method} ${url}: ${JSON.stringify(read.error?.issues[0])}`).toBe(true);
  }

  it("gives Fastify only input schemas: answers are never passed through a stripping serialiser", () => {
    expect(server.app.declaredRoutes.length).toBeGreaterThan(35);
    for (const { method, url, contract } of server.app.declaredRoutes) {
      const parts = Object.keys(validationSchema(contract));
      expect(
        parts.every((part) => ["params", "querystring", "body"].includes(part)),
        `${method} ${url}`,
      ).toBe(true);
    }
  });

  it("answers the menu, the cart, order details and kitchen tickets with every field the service produced", async () => {
    const ids = await demoIds(server);
    const customer = await server.registerCustomer();

    const menu = await server.request(`/api/vendors/${ids.forno}/items`);
    expect(menu.status).toBe(200);
    // Pre-serialised in the catalogue: sent as those bytes, never re-serialised.
    const serialised = server.app.services.catalogue.menu(String(ids.forno));
    expect(menu.text).toBe(serialised?.bytes.toString("utf8"));
    expectWhole("GET", "/api/vendors/:id/items", menu.body, JSON.parse(menu.text));

    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    const cart = await server.request(`/api/cart?vendorId=${ids.forno}`, {
      token: customer.token,
    });
    expect(cart.status, cart.text).toBe(200);
    expectWhole(
      "GET",
      "/api/cart",
      cart.body,
      await server.app.services.cart.get(customer.user.id, { vendorId: ids.forno }),
    );

    const placed = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: {
        vendorId: ids.forno,
        orderType: "takeaway",
        items: [],
        paymentMethod: "cash_at_counter",
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.id;
    const details = await server.request(`/api/orders/details/${orderId}`, {
      token: customer.token,
    });
    expect(details.status, details.text).toBe(200);
    expectWhole("GET", "/api/orders/details/:orderId", details.body, {
      success: true,
      data: await server.app.services.orders.getForUser(customer.user.id, orderId),
    });

    const staffToken = await server.login("staff@foodpark.test", "staff-password");
    const staff = await server.request<{ id: number }>("/auth/me", { token: staffToken });
    const tickets = await server.request<{ data: { id: number }[] }>("/api/staff/kitchen/tickets", {
      token: staffToken,
    });
    expect(tickets.status, tickets.text).toBe(200);
    expect(tickets.body.data.length).toBeGreaterThan(0);
    const scope = await staffScope(server.app.db, staff.body.id);
    // The server's clock moves between the two reads.
    expectWhole(
      "GET",
      "/api/staff/kitchen/tickets",
      tickets.body,
      await server.app.services.kitchen.tickets(scope, undefined),
      ["serverTime"],
    );
  });
});
