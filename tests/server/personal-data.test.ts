/**
 * Personal data does not outlive its use: the daily job clears personal copies on orders older than
 * PERSONAL_DATA_DAYS (and their payments' snapshots), deletes stale carts and unused push subscriptions, keeps
 * every financial line (reports and receipts add up the same after); a customer can delete their account.
 */
import { randomBytes } from "node:crypto";
import type { CheckoutResponse } from "@contract/basket";
import type { OrderReceipts } from "@contract/receipts";
import type { Report } from "@contract/report";
import { claimRun } from "@server/services/jobs/scheduler.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, setAllergy } from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import { type RegisteredCustomer, startTestServer, type TestServer } from "./helpers/test-server";

const DAYS = 30;
const VEHICLE = { registrationNumber: "AB12 CDE", make: "Ford", colour: "Blue" };
const PERSONAL = ["No sesame please", "Blue car by the gate", "AB12CDE", "AB12 CDE"];

describe("personal data retention (PostgreSQL)", () => {
  let server: TestServer;
  let manager: string;
  let forno: number;
  let limonata: number;

  beforeAll(async () => {
    server = await startTestServer({ kind: "postgres", config: { personalDataDays: DAYS } });
    manager = await server.login("staff@foodpark.test", "staff-password");
    forno = await vendorIdOf(server.db, "forno-fuoco");
    limonata = (
      await server.db.query<{ id: number }>(
        "select id from menu_items where vendor_id = $1 and name = 'San Pellegrino Limonata'",
        [forno],
      )
    )[0]!.id;
  });
  afterAll(() => server?.close());

  /** A cash order (taken) and a card order, both with an allergy note, instructions and a car. */
  async function ordersWithPersonalData(customer: RegisteredCustomer) {
    await addToCart(server, customer.token, forno, limonata, 1);
    await setAllergy(server, customer.token, forno, limonata, PERSONAL[0]!);
    const extra = { deliveryInstructions: PERSONAL[1], vehicleData: VEHICLE };
    const cash = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: cashOrder(forno, extra),
    });
    expect(cash.status, cash.text).toBe(201);
    await server.request(`/api/staff/orders/${cash.body.id}`, {
      method: "PATCH",
      token: manager,
      body: { status: "confirmed" },
    });
    const cart = await addToCart(server, customer.token, forno, limonata, 2);
    await setAllergy(server, customer.token, forno, limonata, PERSONAL[0]!);
    const checkout = await server.request<CheckoutResponse>("/api/checkout", {
      token: customer.token,
      headers: { "Idempotency-Key": `privacy-${randomBytes(8).toString("hex")}` },
      body: {
        vendorIds: [forno],
        orderType: "takeaway",
        paymentMethod: "stripe",
        totalPence: cart.subtotalPence + 50,
        ...extra,
      },
    });
    expect(checkout.status, checkout.text).toBe(201);
    const paymentId = checkout.body.payment!.paymentIntentId;
    await fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });
    return (
      await server.db.query<{ id: number }>(
        "select id from orders where user_id = $1 order by id",
        [customer.user.id],
      )
    ).map((row) => row.id);
  }

  /** Every place an order and its payment keep personal copies, as text. */
  async function personalCopies(orderIds: number[]): Promise<string> {
    const rows = await server.db.query<Record<string, unknown>>(
      `select o.allergy_note, o.delivery_instructions, o.vehicle,
         (select json_agg(special_instructions) from order_items where order_id = o.id) as notes,
         (select json_agg(p.order_data) from payments p where p.user_id = o.user_id) as payments
       from orders o where o.id = any($1::int[])`,
      [orderIds],
    );
    return JSON.stringify(rows);
  }

  it("clears personal copies on orders older than the setting; reports and receipts still add up", async () => {
    const old = await server.registerCustomer();
    const orderIds = await ordersWithPersonalData(old);
    const recent = await server.registerCustomer();
    const recentIds = await ordersWithPersonalData(recent);
    for (const text of PERSONAL.slice(0, 2)) expect(await personalCopies(orderIds)).toContain(text);
    // Move the first customer's day 31 days back.
    await server.db.query(
      `update orders set created_at = created_at - interval '31 days' where user_id = $1;`,
      [old.user.id],
    );
    await server.db.query(
      "update payments set created_at = created_at - interval '31 days' where user_id = $1",
      [old.user.id],
    );
    const [{ day }] = (await server.db.query<{ day: string }>(
      `select to_char(created_at at time zone 'Europe/London', 'YYYY-MM-DD') as day from orders where id = $1`,
      [orderIds[0]],
    )) as [{ day: string }];
    const reportOf = async () =>
      (await server.request<Report>(`/api/staff/report?from=${day}&to=${day}`, { token: manager }))
        .body;
    const receiptsOf = async (orderId: number) =>
      (await server.request<OrderReceipts>(`/api/orders/${orderId}/receipts`, { token: manager }))
        .body.data;
    const reportBefore = await reportOf();
    const receiptsBefore = await Promise.all(orderIds.map(receiptsOf));

    // A stale cart and a fresh one; a push subscription unused for 91 days and one used yesterday.
    await addToCart(server, old.token, forno, limonata, 1);
    await server.db.query(
      "update carts set updated_at = now() - interval '31 days' where user_id = $1",
      [old.user.id],
    );
    await addToCart(server, recent.token, forno, limonata, 1);
    await server.db.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at, last_success_at) values
         ($1, 'https://push.example/stale', 'k', 'a', now() - interval '200 days', now() - interval '91 days'),
         ($1, 'https://push.example/used', 'k', 'a', now() - interval '200 days', now() - interval '1 day')`,
      [recent.user.id],
    );

    // A ready text sent for the old order, and the local provider's record of it.
    await server.db.query(
      `insert into ready_texts (order_id, status, due_at, state, to_number, body)
       values ($1, 'ready', now(), 'sent', '+447700900123', 'Your Forno order #1 is ready')`,
      [orderIds[0]],
    );
    await server.db.query(
      "insert into recorded_texts (to_number, body, order_id) values ('+447700900123', 'ready', $1)",
      [orderIds[0]],
    );

    const result = await server.app.services.privacy.runRetention();
    expect(result.orders).toBeGreaterThanOrEqual(2);
    const texts = await server.db.query<{ to_number: string | null; body: string | null }>(
      "select to_number, body from ready_texts where order_id = $1",
      [orderIds[0]],
    );
    expect(texts).toEqual([{ to_number: null, body: null }]);
    expect(
      await server.db.query("select 1 from recorded_texts where order_id = $1", [orderIds[0]]),
    ).toEqual([]);
    expect(result.carts).toBeGreaterThanOrEqual(1);
    expect(result.pushSubscriptions).toBe(1);

    // No order older than the setting holds personal data (anywhere in the park).
    const [{ holding }] = (await server.db.query<{ holding: number }>(
      `select count(*)::int as holding from orders o
       where o.created_at < now() - make_interval(days => $1)
         and (o.allergy_note is not null or o.delivery_instructions is not null or o.vehicle is not null
           or exists (select 1 from order_items i where i.order_id = o.id and i.special_instructions is not null))`,
      [DAYS],
    )) as [{ holding: number }];
    expect(holding).toBe(0);
    const copies = await personalCopies(orderIds);
    for (const text of PERSONAL) expect(copies).not.toContain(text);
    // Recent orders keep theirs.
    expect(await personalCopies(recentIds)).toContain(PERSONAL[0]);

    expect(await reportOf()).toEqual(reportBefore);
    expect(await Promise.all(orderIds.map(receiptsOf))).toEqual(receiptsBefore);
    const charged = await server.db.query<{ total: number }>(
      "select sum(total_pence)::int as total from orders where user_id = $1",
      [old.user.id],
    );
    expect(receiptsBefore.flat().reduce((sum, receipt) => sum + receipt.totalPence, 0)).toBe(
      charged[0]!.total,
    );
    const [{ carts }] = (await server.db.query<{ carts: number }>(
      "select count(*)::int as carts from carts where user_id = any($1::int[])",
      [[old.user.id, recent.user.id]],
    )) as [{ carts: number }];
    expect(carts).toBe(1);
  });

  it("runs a daily job on one node only: the claim is the lock", async () => {
    const name = `test-job-${randomBytes(4).toString("hex")}`;
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimRun(server.db, name, 24 * 60 * 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(server.db, name, 24 * 60 * 60_000)).toBe(false);
  });

  it("deletes a customer's account: name, email and phone go, orders cleared at once, the token stops working", async () => {
    const customer = await server.registerCustomer({ name: "Alex Erasure" });
    const orderIds = await ordersWithPersonalData(customer);
    await server.db.query(
      "update users set mobile_e164 = '+447700900123', text_when_ready = true where id = $1",
      [customer.user.id],
    );
    const deleted = await server.request<{ message: string }>("/api/account", {
      method: "DELETE",
      token: customer.token,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ message: "Your account has been deleted." });
    const [user] = await server.db.query<{ name: string; email: string; phone: string | null }>(
      "select name, email, phone, mobile_e164 from users where id = $1",
      [customer.user.id],
    );
    expect(user).toEqual({
      name: "Deleted customer",
      email: `deleted-${customer.user.id}@deleted.invalid`,
      phone: null,
      mobile_e164: null,
    });
    const copies = await personalCopies(orderIds);
    for (const text of [...PERSONAL, "Alex Erasure", customer.email])
      expect(copies).not.toContain(text);
    expect((await server.request("/api/orders", { token: customer.token })).status).toBe(401);
    const login = await server.request("/auth/login", {
      body: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(401);
    // The receipts still stand for the park's records.
    expect(
      (
        await server.request<OrderReceipts>(`/api/orders/${orderIds[1]}/receipts`, {
          token: manager,
        })
      ).body.data.length,
    ).toBeGreaterThan(0);
    const staffDelete = await server.request("/api/account", { method: "DELETE", token: manager });
    expect(staffDelete.status).toBe(403);
  });
});
