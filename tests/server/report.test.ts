/**
 * The park manager's report: a day of mixed orders (cash, card, a basket, a staff cancel with its refund, a late
 * sold-out refund, a cancelled cash order, a pause and items sold out) and every cell checked; the totals equal
 * the sum of the orders and of the provider's transfers; the CSV carries the same columns; 366 days at most.
 */
import { randomBytes } from "node:crypto";
import type { CheckoutResponse } from "@contract/basket";
import { REPORT_COLUMNS, type Report, type ReportRow } from "@contract/report";
import { vatIncluded } from "@contract/vat";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import type { TestTransfers } from "@server/services/payments/test-provider.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder } from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import { type RegisteredCustomer, startTestServer, type TestServer } from "./helpers/test-server";

const SERVICE = 50;

describe("the park manager's report (PostgreSQL)", () => {
  let server: TestServer;
  let manager: string;
  let fornoStaff: string;
  const v = { forno: 0, smash: 0, green: 0 };
  const item = { limonata: 0, burger: 0, hummus: 0 };
  const price = { burger: 0, burgerVat: 0, hummus: 0 };
  /**
   * The park days the test's orders and its backdated changes (up to 90 minutes back) fall on: today, and just after
   * midnight yesterday too. The database is the test's own, so the range holds nothing else.
   */
  const days = { from: "", to: "" };
  /** Forno's preparation range when order A was placed (changed straight after). */
  const fornoQuote = { min: 0, max: 0 };

  const staffPatch = (orderId: number, status: string) =>
    server.request(`/api/staff/orders/${orderId}`, {
      method: "PATCH",
      token: manager,
      body: { status },
    });

  async function cash(customer: RegisteredCustomer, quantity: number) {
    await addToCart(server, customer.token, v.forno, item.limonata, quantity);
    const placed = await server.request<{ id: number }>("/api/orders", {
      token: customer.token,
      body: cashOrder(v.forno),
    });
    expect(placed.status, placed.text).toBe(201);
    return placed.body.id;
  }

  async function card(customer: RegisteredCustomer, lines: [number, number, number][]) {
    let total = SERVICE;
    for (const [vendorId, itemId, quantity] of lines) {
      const cart = await addToCart(server, customer.token, vendorId, itemId, quantity);
      total += cart.subtotalPence;
    }
    const response = await server.request<CheckoutResponse>("/api/checkout", {
      token: customer.token,
      headers: { "Idempotency-Key": `report-${randomBytes(8).toString("hex")}` },
      body: {
        vendorIds: lines.map(([vendorId]) => vendorId),
        orderType: "takeaway",
        paymentMethod: "stripe",
        totalPence: total,
      },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.payment!.paymentIntentId;
  }

  const pay = (paymentId: string) =>
    fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });

  const orderOf = async (userId: number, vendorId: number) =>
    (
      await server.db.query<{ id: number }>(
        "select id from orders where user_id = $1 and vendor_id = $2",
        [userId, vendorId],
      )
    )[0]!.id;

  beforeAll(async () => {
    server = await startTestServer({ kind: "postgres", serviceChargePence: SERVICE });
    manager = await server.login("staff@foodpark.test", "staff-password");
    await addStaffAccount(server.db, {
      email: "forno-report@foodpark.test",
      password: "forno-password-1",
      trailers: ["forno-fuoco"],
    });
    fornoStaff = await server.login("forno-report@foodpark.test", "forno-password-1");
    v.forno = await vendorIdOf(server.db, "forno-fuoco");
    v.smash = await vendorIdOf(server.db, "smash-stack");
    v.green = await vendorIdOf(server.db, "green-bowl");
    const named = async (vendorId: number, name: string) =>
      (
        await server.db.query<{ id: number; price_pence: number; vat_rate: number }>(
          "select id, price_pence, vat_rate from menu_items where vendor_id = $1 and name = $2",
          [vendorId, name],
        )
      )[0]!;
    item.limonata = (await named(v.forno, "San Pellegrino Limonata")).id;
    const burger = await named(v.smash, "Dirty Fries");
    const hummus = await named(v.green, "Hummus & Flatbread");
    item.burger = burger.id;
    item.hummus = hummus.id;
    price.burger = burger.price_pence;
    price.burgerVat = vatIncluded(burger.price_pence, burger.vat_rate);
    price.hummus = hummus.price_pence;
    expect(hummus.vat_rate).toBe(0);
    const parkDayOf = (moment: Date) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(moment);
    days.from = parkDayOf(new Date(Date.now() - 2 * 60 * 60_000));
    days.to = parkDayOf(new Date());

    // A: cash at Forno, quoted Forno's range at placement; Forno then quotes 40-55 to new customers (and to A's
    // window when it is paid) but A's quote stands; taken, prepared in 12 minutes.
    const [range] = await server.db.query<{ min: number; max: number }>(
      "select preparation_time_min as min, preparation_time_max as max from vendors where id = $1",
      [v.forno],
    );
    Object.assign(fornoQuote, range);
    const alice = await server.registerCustomer();
    const a = await cash(alice, 1);
    await server.db.query(
      "update vendors set preparation_time_min = 40, preparation_time_max = 55 where id = $1",
      [v.forno],
    );
    expect(fornoQuote.max).not.toBe(55);
    for (const status of ["confirmed", "preparing", "ready"])
      expect((await staffPatch(a, status)).status).toBe(200);
    await server.db.query(
      `update order_status_history set changed_at = now() - interval '20 minutes' where order_id = $1 and status = 'confirmed';
       `,
      [a],
    );
    await server.db.query(
      "update order_status_history set changed_at = now() - interval '8 minutes' where order_id = $1 and status = 'ready'",
      [a],
    );
    // B: cash at Forno, cancelled before paying.
    const bob = await server.registerCustomer();
    expect((await staffPatch(await cash(bob, 1), "cancelled")).status).toBe(200);
    // C: a card basket, Forno (Limonata ×2, the service charge) and Green Bowl (no payout account: held).
    const cara = await server.registerCustomer();
    expect(
      (
        await pay(
          await card(cara, [
            [v.forno, item.limonata, 2],
            [v.green, item.hummus, 1],
          ]),
        )
      ).status,
    ).toBe(303);
    // D: card at Smash Stack, then cancelled by staff and refunded in full (its transfer reversed).
    const dan = await server.registerCustomer();
    const dPayment = await card(dan, [[v.smash, item.burger, 1]]);
    await pay(dPayment);
    expect((await staffPatch(await orderOf(dan.user.id, v.smash), "cancelled")).status).toBe(200);
    await server.app.services.payments.reverseTransferForRefund({
      paymentId: dPayment,
      vendorId: v.smash,
      amountPence: price.burger,
      refundKey: "staff-cancel-d",
    });
    // E: a basket whose Limonata sold out while paying: Forno refunded (transfer reversed), Smash ordered.
    const eve = await server.registerCustomer();
    const ePayment = await card(eve, [
      [v.forno, item.limonata, 1],
      [v.smash, item.burger, 1],
    ]);
    await server.db.query("update menu_items set sold_out = true where id = $1", [item.limonata]);
    await pay(ePayment);
    await server.db.query("update menu_items set sold_out = false where id = $1", [item.limonata]);
    // The audit: Smash paused 30 minutes; Forno had something sold out for 30 minutes (two overlapping).
    const audit = (
      vendorId: number,
      minutesAgo: number,
      action: string,
      target: string,
      after: unknown,
    ) =>
      server.db.query(
        `insert into park_audit (user_email, vendor_id, action, target, at, after)
         values ('staff@foodpark.test', $1, $2, $3, now() - make_interval(mins => $4), $5::jsonb)`,
        [vendorId, action, target, minutesAgo, JSON.stringify(after)],
      );
    const until = new Date(Date.now() - 60 * 60_000).toISOString();
    await audit(v.smash, 90, "pause 30 min", "Smash Stack", { paused: true, pausedUntil: until });
    await audit(v.forno, 50, "sold out", "Tiramisu", { soldOut: true });
    await audit(v.forno, 40, "sold out", "Nutella Calzoncino", { soldOut: true });
    await audit(v.forno, 30, "back on", "Tiramisu", { soldOut: false });
    await audit(v.forno, 20, "back on", "Nutella Calzoncino", { soldOut: false });
  });
  afterAll(() => server?.close());

  const report = (token: string, query = `?from=${days.from}&to=${days.to}`) =>
    server.request<Report & { message?: string }>(`/api/staff/report${query}`, { token });
  const rowOf = (body: Report, vendorId: number) =>
    body.rows.find((row) => row.vendorId === vendorId)!;

  it("checks every cell of a mixed day", async () => {
    const response = await report(manager);
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    const zero = (vendorId: number, trailer: string): ReportRow => ({
      vendorId,
      trailer,
      orders: 0,
      cancelled: 0,
      items: 0,
      cardPence: 0,
      cashPence: 0,
      refundsPence: 0,
      serviceChargePence: 0,
      vatPence: 0,
      owedPence: 0,
      owedBackPence: 0,
      transferredPence: 0,
      averagePrepMinutes: null,
      quotedFromMinutes: null,
      quotedToMinutes: null,
      pausedMinutes: 0,
      soldOutMinutes: 0,
    });
    expect(rowOf(body, v.forno)).toEqual({
      ...zero(v.forno, "Forno & Fuoco"),
      orders: 2,
      cancelled: 1,
      items: 3,
      cardPence: 600 + SERVICE,
      cashPence: 300 + SERVICE,
      serviceChargePence: 2 * SERVICE,
      vatPence: 50 + 100,
      // C's 600, and E's 300 transferred then reversed for the late refund.
      transferredPence: 600,
      averagePrepMinutes: 12,
      // A's quote at placement, not Forno's range of now (40-55).
      quotedFromMinutes: fornoQuote.min,
      quotedToMinutes: fornoQuote.max,
      soldOutMinutes: 30,
    });
    expect(rowOf(body, v.green)).toEqual({
      ...zero(v.green, "The Green Bowl"),
      orders: 1,
      items: 1,
      cardPence: price.hummus,
      owedPence: price.hummus,
    });
    expect(rowOf(body, v.smash)).toEqual({
      ...zero(v.smash, "Smash Stack"),
      orders: 1,
      cancelled: 1,
      items: 1,
      cardPence: 2 * (price.burger + SERVICE),
      refundsPence: price.burger,
      serviceChargePence: 2 * SERVICE,
      vatPence: price.burgerVat,
      transferredPence: price.burger,
      pausedMinutes: 30,
    });
    for (const row of body.rows.filter(
      (entry) => ![v.forno, v.green, v.smash].includes(entry.vendorId!),
    ))
      expect(row).toEqual(zero(row.vendorId!, row.trailer));
    expect(body.totals).toMatchObject({
      averagePrepMinutes: 12,
      quotedFromMinutes: fornoQuote.min,
      quotedToMinutes: fornoQuote.max,
    });
  });

  it("has totals equal to the sum of the orders and of the provider's transfers", async () => {
    const body = (await report(manager)).body;
    const [orders] = await server.db.query<{ paid: number }>(
      `select sum(total_pence)::int as paid from orders
       where payment_method = 'stripe' or status not in ('pending_payment', 'cancelled')`,
    );
    expect(body.totals.cardPence + body.totals.cashPence).toBe(orders!.paid);
    const provider = (server.app.services.payments.provider.transfers as TestTransfers).list();
    expect(body.totals.transferredPence).toBe(
      provider.reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0),
    );
    for (const field of ["orders", "items", "vatPence", "owedPence", "refundsPence"] as const)
      expect(body.totals[field]).toBe(body.rows.reduce((sum, row) => sum + row[field], 0));
    expect(body.totals.trailer).toBe("Park total");
    expect(body.allTrailers).toBe(true);
  });

  it("exports the same columns as CSV: UTF-8, one header row, pounds with two decimals", async () => {
    const response = await fetch(
      `${server.baseUrl}/api/staff/report?from=${days.from}&to=${days.to}&format=csv`,
      { headers: { authorization: `Bearer ${manager}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="food-park-report-${days.from === days.to ? days.to : `${days.from}_to_${days.to}`}.csv"`,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(REPORT_COLUMNS.map((column) => column.header).join(","));
    const body = (await report(manager)).body;
    expect(lines).toHaveLength(body.rows.length + 2);
    const forno = lines.find((line) => line.startsWith("Forno & Fuoco,"))!.split(",");
    expect(forno.slice(1, 12)).toEqual([
      "2",
      "1",
      "3",
      "6.50",
      "3.50",
      "0.00",
      "1.00",
      "1.50",
      "0.00",
      "0.00",
      "6.00",
    ]);
    expect(forno.slice(12, 15)).toEqual([
      "12.0",
      fornoQuote.min.toFixed(1),
      fornoQuote.max.toFixed(1),
    ]);
    expect(lines.at(-1)!.startsWith("Park total,")).toBe(true);
  });

  it("shows trailer staff only their trailers", async () => {
    const body = (await report(fornoStaff)).body;
    expect(body.rows.map((row) => row.vendorId)).toEqual([v.forno]);
    expect(body.totals.cardPence).toBe(600 + SERVICE);
    expect(body.allTrailers).toBe(false);
  });

  it("refuses a range over 366 days with a 422 naming it, and a range ending before it starts", async () => {
    const long = await report(manager, "?from=2025-01-01&to=2026-01-02");
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(
      "A report covers at most 366 days: 2025-01-01 to 2026-01-02 is 367 days. Please choose a shorter range.",
    );
    expect((await report(manager, "?from=2024-01-01&to=2024-12-31")).status).toBe(200);
    expect((await report(manager, "?from=2026-02-02&to=2026-02-01")).status).toBe(400);
    expect((await report(manager, "?from=yesterday")).status).toBe(400);
    const customer = await server.registerCustomer();
    expect((await report(customer.token)).status).toBe(403);
  });
});
