import {
  type Order,
  orderDetailsResponseSchema,
  orderListResponseSchema,
  orderSchema,
} from "@contract/orders";
import type { OrderStatusChanged } from "@server/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";
import { createOrderFixture, staffUserId } from "./helpers/order-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const STAFF = { email: "staff@foodpark.test", password: "staff-password" };

describe.each(databaseKinds)("orders API on %s", (kind) => {
  let server: TestServer;
  let alice: RegisteredCustomer;
  let bob: RegisteredCustomer;
  let staffToken: string;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    alice = await server.registerCustomer({ name: "Alice" });
    bob = await server.registerCustomer({ name: "Bob" });
    staffToken = await server.login(STAFF.email, STAFF.password);
  });

  afterAll(async () => {
    await server?.close();
  });

  const patchStatus = (orderId: number, status: string, token = staffToken) =>
    server.request<Order & { message?: string }>(`/api/staff/orders/${orderId}`, {
      method: "PATCH",
      body: { status },
      token,
    });

  const captureEvents = () => {
    const seen: OrderStatusChanged[] = [];
    const listener = (event: OrderStatusChanged) => seen.push(event);
    server.app.events.on("orderStatusChanged", listener);
    return { seen, stop: () => server.app.events.off("orderStatusChanged", listener) };
  };

  describe("GET /api/orders", () => {
    it("lists only the caller's orders, newest first, in the contract's shape", async () => {
      const older = await createOrderFixture(server.db, {
        userId: alice.user.id,
        createdAt: new Date(Date.now() - 60_000),
      });
      const newer = await createOrderFixture(server.db, {
        userId: alice.user.id,
        lines: [{ quantity: 2, addonCount: 2, specialInstructions: "No sesame please" }, {}],
        serviceChargePence: 50,
        allergyNote: "Margherita: sesame",
      });
      await createOrderFixture(server.db, { userId: bob.user.id });

      const response = await server.request<{ data: Order[] }>("/api/orders", {
        token: alice.token,
      });
      expect(response.status).toBe(200);
      expect(safeParse(orderListResponseSchema, response.body).success).toBe(true);
      const ids = response.body.data.map((order) => order.id);
      expect(ids.slice(0, 2)).toEqual([newer.id, older.id]);
      expect(response.body.data.every((order) => order.userId === alice.user.id)).toBe(true);

      const order = response.body.data[0]!;
      expect(order.vendorName).toBe(newer.vendorName);
      expect(order.vendor).toEqual({
        id: newer.vendorId,
        name: newer.vendorName,
        preparation_time_min: expect.any(Number),
        preparation_time_max: expect.any(Number),
      });
      expect(order.totalPence).toBe(newer.totalPence);
      expect(order.total).toBeCloseTo(newer.totalPence / 100, 2);
      expect(order.total_amount).toBe(order.total);
      expect(order.adminFeePence).toBe(50);
      expect(order.items).toHaveLength(2);
      const first = order.items[0]!;
      expect(first.quantity).toBe(2);
      expect(first.special_instructions).toBe("No sesame please");
      expect(first.totalPence).toBe(first.pricePence * 2);
      expect(first.addons.length).toBeGreaterThan(0);
      expect(first.addons[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        group_id: expect.any(Number),
        group_name: expect.any(String),
        quantity: 1,
        price: expect.any(Number),
        total: expect.any(Number),
      });
      expect(order.allergyNote).toBe("Margherita: sesame");
      expect(order.paymentMethod).toBe("stripe");
      expect(order.payment_method).toBe("stripe");
      expect(order.orderType).toBe("takeaway");
      expect(order.customerName).toBeUndefined();
    });

    it("answers 401 without a token", async () => {
      const response = await server.request("/api/orders");
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
    });
  });

  describe("GET /api/orders/:id and /api/orders/details/:id", () => {
    it("returns the caller's own order in both shapes", async () => {
      const fixture = await createOrderFixture(server.db, { userId: alice.user.id });
      const plain = await server.request<Order>(`/api/orders/${fixture.id}`, {
        token: alice.token,
      });
      expect(plain.status).toBe(200);
      expect(safeParse(orderSchema, plain.body).success).toBe(true);
      expect(plain.body.id).toBe(fixture.id);

      const details = await server.request(`/api/orders/details/${fixture.id}`, {
        token: alice.token,
      });
      expect(details.status).toBe(200);
      expect(safeParse(orderDetailsResponseSchema, details.body).success).toBe(true);
      expect(details.body).toEqual({ success: true, data: plain.body });
    });

    it("answers another customer's order exactly like a missing one: 404 'Order not found', no data", async () => {
      const fixture = await createOrderFixture(server.db, {
        userId: alice.user.id,
        allergyNote: "peanuts",
      });
      for (const path of [`/api/orders/${fixture.id}`, `/api/orders/details/${fixture.id}`]) {
        const foreign = await server.request(path, { token: bob.token });
        expect(foreign.status).toBe(404);
        expect(foreign.body).toEqual({ message: "Order not found" });
        expect(foreign.text).not.toContain("peanuts");
      }
      const missing = await server.request("/api/orders/999999", { token: bob.token });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Order not found" });
    });

    it("rejects a malformed id with 400", async () => {
      const response = await server.request("/api/orders/abc", { token: alice.token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: expect.any(String) });
    });
  });

  describe("staff routes", () => {
    it("refuse customers (403) and the signed-out (401)", async () => {
      const fixture = await createOrderFixture(server.db, { userId: alice.user.id });
      expect((await server.request("/api/staff/orders", { token: alice.token })).status).toBe(403);
      expect((await server.request("/api/staff/orders")).status).toBe(401);
      const asCustomer = await patchStatus(fixture.id, "preparing", alice.token);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toEqual({ message: expect.any(String) });
      expect(
        (
          await server.request(`/api/staff/orders/${fixture.id}`, {
            method: "PATCH",
            body: { status: "preparing" },
          })
        ).status,
      ).toBe(401);
      const unchanged = await server.request<Order>(`/api/orders/${fixture.id}`, {
        token: alice.token,
      });
      expect(unchanged.body.status).toBe("confirmed");
    });

    it("list today's orders and the last 24 hours' unfinished ones, with the customer's name, filterable by vendor and status", async () => {
      const [vendorA, vendorB] = await server.db.query<{ id: number }>(
        "select id from vendors order by id limit 2",
      );
      const a = await createOrderFixture(server.db, {
        userId: alice.user.id,
        vendorId: vendorA!.id,
        status: "preparing",
      });
      const b = await createOrderFixture(server.db, {
        userId: bob.user.id,
        vendorId: vendorB!.id,
        status: "pending_payment",
      });
      const yesterday = await createOrderFixture(server.db, {
        userId: bob.user.id,
        vendorId: vendorB!.id,
        status: "completed",
        createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
      });
      const stillOpenFromLastNight = await createOrderFixture(server.db, {
        userId: bob.user.id,
        vendorId: vendorB!.id,
        status: "preparing",
        createdAt: new Date(Date.now() - 23.9 * 60 * 60 * 1000),
      });
      const abandoned = await createOrderFixture(server.db, {
        userId: bob.user.id,
        vendorId: vendorB!.id,
        status: "preparing",
        createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
      });

      const all = await server.request<{ data: Order[] }>("/api/staff/orders", {
        token: staffToken,
      });
      expect(all.status).toBe(200);
      const ids = all.body.data.map((order) => order.id);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(ids).not.toContain(yesterday.id);
      expect(ids).toContain(stillOpenFromLastNight.id);
      expect(ids).not.toContain(abandoned.id);
      expect(all.body.data.find((order) => order.id === b.id)?.customerName).toBe("Bob");

      const forVendorB = await server.request<{ data: Order[] }>(
        `/api/staff/orders?vendorId=${vendorB!.id}`,
        { token: staffToken },
      );
      expect(forVendorB.body.data.every((order) => order.vendorId === vendorB!.id)).toBe(true);
      expect(forVendorB.body.data.map((order) => order.id)).toContain(b.id);

      const preparing = await server.request<{ data: Order[] }>(
        "/api/staff/orders?status=preparing",
        { token: staffToken },
      );
      expect(preparing.body.data.every((order) => order.status === "preparing")).toBe(true);
      expect(preparing.body.data.map((order) => order.id)).toContain(a.id);

      const bad = await server.request("/api/staff/orders?status=eaten", { token: staffToken });
      expect(bad.status).toBe(400);
    });
  });

  describe("PATCH /api/staff/orders/:id (status transitions)", () => {
    it("walks a card order confirmed → preparing → ready → completed, one event per change, history recorded", async () => {
      const fixture = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "confirmed",
      });
      const events = captureEvents();
      try {
        for (const status of ["preparing", "ready", "completed"]) {
          const response = await patchStatus(fixture.id, status);
          expect(response.status).toBe(200);
          expect(response.body.status).toBe(status);
        }
      } finally {
        events.stop();
      }
      expect(events.seen.map((event) => [event.previousStatus, event.status])).toEqual([
        ["confirmed", "preparing"],
        ["preparing", "ready"],
        ["ready", "completed"],
      ]);
      expect(events.seen[0]).toMatchObject({
        orderId: fixture.id,
        userId: alice.user.id,
        vendorName: fixture.vendorName,
        changedBy: await staffUserId(server.db),
      });
      const history = await server.db.query<{ status: string }>(
        "select status from order_status_history where order_id = $1 order by id",
        [fixture.id],
      );
      expect(history.map((row) => row.status)).toEqual([
        "confirmed",
        "preparing",
        "ready",
        "completed",
      ]);
      const seenByCustomer = await server.request<Order>(`/api/orders/${fixture.id}`, {
        token: alice.token,
      });
      expect(seenByCustomer.body.status).toBe("completed");
    });

    it("confirms a cash order once paid (pending_payment → confirmed) and ends delivery orders as delivered", async () => {
      const cash = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "pending_payment",
        paymentMethod: "cash_at_counter",
      });
      expect((await patchStatus(cash.id, "confirmed")).status).toBe(200);
      const delivery = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "ready",
        orderType: "delivery",
      });
      const wrongEnd = await patchStatus(delivery.id, "completed");
      expect(wrongEnd.status).toBe(409);
      expect((await patchStatus(delivery.id, "delivered")).status).toBe(200);
    });

    it("moves the estimated window with the status: restarted on payment, kept while preparing, now when ready", async () => {
      const longAgo = new Date(Date.now() - 40 * 60_000);
      const cash = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "pending_payment",
        paymentMethod: "cash_at_counter",
        createdAt: longAgo,
        estimatedReadyAt: new Date(longAgo.getTime() + 15 * 60_000),
      });
      const window = (order: Order) =>
        [order.estimatedReadyFrom, order.estimatedDeliveryTime].map((at) => Date.parse(at!));
      const minutesFromNow = (at: number) => Math.round((at - Date.now()) / 60_000);
      const [vendor] = await server.db.query<{
        preparation_time_min: number;
        preparation_time_max: number;
      }>("select preparation_time_min, preparation_time_max from vendors where id = $1", [
        cash.vendorId,
      ]);

      const confirmed = await patchStatus(cash.id, "confirmed");
      expect(window(confirmed.body).map(minutesFromNow)).toEqual([
        vendor!.preparation_time_min,
        vendor!.preparation_time_max,
      ]);

      const preparing = await patchStatus(cash.id, "preparing");
      expect(window(preparing.body)).toEqual(window(confirmed.body));

      const before = Date.now();
      const ready = await patchStatus(cash.id, "ready");
      const [from, at] = window(ready.body);
      expect(from).toBe(at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);

      const seen = await server.request<Order>(`/api/orders/${cash.id}`, { token: alice.token });
      expect(window(seen.body)).toEqual([from, at]);
    });

    it("refuses invalid moves with 409 naming both statuses, changes nothing and announces nothing", async () => {
      const fixture = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "confirmed",
      });
      const events = captureEvents();
      try {
        const skip = await patchStatus(fixture.id, "ready");
        expect(skip.status).toBe(409);
        expect(skip.body.message).toContain("confirmed");
        expect(skip.body.message).toContain("ready");
        const back = await patchStatus(fixture.id, "pending");
        expect(back.status).toBe(409);
        const same = await patchStatus(fixture.id, "confirmed");
        expect(same.status).toBe(409);
      } finally {
        events.stop();
      }
      expect(events.seen).toEqual([]);
      const order = await server.request<Order>(`/api/orders/${fixture.id}`, {
        token: alice.token,
      });
      expect(order.body.status).toBe("confirmed");
    });

    it("cancels from any unfinished status; completed, delivered and cancelled are final (a repeated cancel answers the cancelled order)", async () => {
      for (const status of [
        "pending",
        "pending_payment",
        "confirmed",
        "preparing",
        "ready",
      ] as const) {
        const fixture = await createOrderFixture(server.db, { userId: alice.user.id, status });
        const response = await patchStatus(fixture.id, "cancelled");
        expect(response.status, `cancel from ${status}`).toBe(200);
      }
      for (const status of ["completed", "delivered", "cancelled"] as const) {
        const fixture = await createOrderFixture(server.db, { userId: alice.user.id, status });
        for (const next of ["cancelled", "preparing", "pending"]) {
          const response = await patchStatus(fixture.id, next);
          if (status === "cancelled" && next === "cancelled") {
            // A retried cancel: nothing changes, nothing is announced or refunded again.
            expect(response.status, "cancelled → cancelled").toBe(200);
            expect(response.body.status).toBe("cancelled");
            continue;
          }
          expect(response.status, `${status} → ${next}`).toBe(409);
          expect(response.body.message).toContain(status);
        }
      }
    });

    it("lets only one of two simultaneous identical moves win", async () => {
      const fixture = await createOrderFixture(server.db, {
        userId: alice.user.id,
        status: "preparing",
      });
      const events = captureEvents();
      const results = await Promise.all([
        patchStatus(fixture.id, "ready"),
        patchStatus(fixture.id, "ready"),
      ]);
      events.stop();
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      expect(events.seen).toHaveLength(1);
    });

    it("answers 404 for a missing order and 400 for an unknown status", async () => {
      expect((await patchStatus(999_999, "ready")).status).toBe(404);
      const fixture = await createOrderFixture(server.db, { userId: alice.user.id });
      const unknown = await patchStatus(fixture.id, "eaten");
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: expect.any(String) });
    });
  });
});
