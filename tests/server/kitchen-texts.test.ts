import { randomBytes } from "node:crypto";
import type { CheckoutResponse } from "@contract/basket";
import { basketSchedule } from "@contract/basket-timing";
import {
  KITCHEN_SOCKET_EVENTS,
  type KitchenMoveResponse,
  type KitchenTicket,
  type RecordedText,
  SMS_MAX_LENGTH,
} from "@contract/kitchen";
import { gsmPlain, readyTextMessage } from "@contract/order-status";
import { SOCKET_EVENTS } from "@contract/realtime";
import type { ReadyTextSettings } from "@contract/text-alerts";
import { normaliseUkMobile } from "@contract/text-alerts";
import type { BasketReady } from "@server/events.js";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, type DemoIds, demoIds, getCart } from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import { type FakeHttpServer, startFakeHttpServer } from "./helpers/fake-http";
import { createOrderFixture } from "./helpers/order-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };

describe("ready-text and basket rules (contract)", () => {
  it("normalises the common ways of typing a UK mobile to E.164, and refuses the rest", () => {
    for (const typed of [
      "07700 900123",
      "07700-900-123",
      "+44 7700 900123",
      "+44 (0)7700 900123",
      "447700900123",
      "0044 7700 900123",
      " 07700900123 ",
    ])
      expect(normaliseUkMobile(typed), typed).toBe("+447700900123");
    for (const typed of [
      "020 7946 0000",
      "0770090012",
      "077009001234",
      "+1 202 555 0100",
      "seven",
      "",
    ])
      expect(normaliseUkMobile(typed), typed).toBeNull();
  });

  it("keeps the ready text to one plain SMS segment, even for a long trailer name", () => {
    const text = readyTextMessage({
      orderId: 123456,
      vendorName: "Crème Brûlée & Co — ".repeat(12),
    });
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(text).toMatch(/^[A-Za-z0-9 .,:;!?'"()\-+/#@%*=£$]+$/);
    expect(text).toContain("#123456");
    expect(gsmPlain("Crème “Brûlée”")).toBe('Creme "Brulee"');
  });

  it("times a basket's parts to be due together: the slowest sets the time, quicker ones start later", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const [coffee, chicken] = basketSchedule(
      [
        { vendorId: 1, preparationTime: { min: 3, max: 6 } },
        { vendorId: 2, preparationTime: { min: 12, max: 16 } },
      ],
      now,
    );
    expect(chicken!.delayMinutes).toBe(0);
    expect(coffee!.delayMinutes).toBe(10);
    expect(coffee!.startAt.toISOString()).toBe("2026-06-01T12:10:00.000Z");
    expect(coffee!.readyAt).toEqual(chicken!.readyAt);
    expect(chicken!.readyAt.toISOString()).toBe("2026-06-01T12:16:00.000Z");
    expect(chicken!.readyFrom.toISOString()).toBe("2026-06-01T12:13:00.000Z");
    const [alone] = basketSchedule([{ vendorId: 1, preparationTime: { min: 3, max: 6 } }], now);
    expect(alone).toMatchObject({ delayMinutes: 0, readyFromMinutes: 3, readyInMinutes: 6 });
    // A full slot moves a part (and its start) by the shift; the basket follows the latest part.
    const [shifted, quick] = basketSchedule(
      [
        { vendorId: 1, preparationTime: { min: 10, max: 15 }, slotShiftMinutes: 15 },
        { vendorId: 2, preparationTime: { min: 3, max: 6 } },
      ],
      now,
    );
    expect(shifted).toMatchObject({ delayMinutes: 15, readyFromMinutes: 26, readyInMinutes: 30 });
    expect(quick!.delayMinutes).toBe(23);
  });
});

describe.each(databaseKinds)("ready texts and baskets on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds & { bean: number; espresso: number };
  let manager: string;
  const baskets: BasketReady[] = [];

  beforeAll(async () => {
    // Sweeps are run by the tests themselves (a minute-long timer would not).
    server = await startTestServer({ kind, config: { readyTextSweepMs: 3_600_000 } });
    const base = await demoIds(server);
    const bean = await vendorIdOf(server.db, "bean-machine");
    const [espresso] = await server.db.query<{ id: number }>(
      `select m.id from menu_items m where m.vendor_id = $1 and m.available
         and not exists (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
       order by m.id limit 1`,
      [bean],
    );
    ids = { ...base, bean, espresso: espresso!.id };
    manager = await server.login(MANAGER.email, MANAGER.password);
    server.app.events.on("basketReady", (event) => baskets.push(event));
  });
  afterAll(() => server?.close());

  const setReadyText = (customer: RegisteredCustomer, body: unknown) =>
    server.request<ReadyTextSettings & { message?: string }>("/api/profile/ready-text", {
      method: "PUT",
      body,
      token: customer.token,
    });
  const optedIn = async (mobile = "07700 900123") => {
    const customer = await server.registerCustomer({ name: "Robin Ng" });
    expect((await setReadyText(customer, { mobile, textWhenReady: true })).status).toBe(200);
    return customer;
  };
  /** An order of the customer's at Forno & Fuoco, in the kitchen (preparing). */
  const preparingAtForno = (customer: { user: { id: number } }) =>
    createOrderFixture(server.db, {
      userId: customer.user.id,
      vendorId: ids.forno,
      status: "preparing",
    });
  const ticket = async (orderId: number) =>
    (
      await server.request<{ data: KitchenTicket }>(`/api/staff/kitchen/tickets/${orderId}`, {
        token: manager,
      })
    ).body.data;
  const step = async (orderId: number, status: string, move?: string) => {
    const current = await ticket(orderId);
    const response = await server.request<KitchenMoveResponse>(
      `/api/staff/kitchen/tickets/${orderId}/moves`,
      {
        method: "POST",
        body: { status, version: current.version, ...(move ? { move } : {}) },
        token: manager,
      },
    );
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  /** Makes every pending text due now and runs one sweep, as the timer would a minute after Ready. */
  const minuteLater = async () => {
    await server.db.query(
      "update ready_texts set due_at = now() - interval '1 second' where state = 'due'",
    );
    await server.app.services.readyTexts.sweep();
  };
  const textsTo = async (orderId: number) =>
    await server.db.query<{ to_number: string; body: string }>(
      "select to_number, body from recorded_texts where order_id = $1",
      [orderId],
    );

  describe("the mobile number and the opt-in", () => {
    it("stores a UK mobile as E.164 from the forms people type, in Profile and on /auth/me", async () => {
      const customer = await server.registerCustomer();
      const saved = await setReadyText(customer, {
        mobile: "+44 (0)7700 900456",
        textWhenReady: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ mobile: "+447700900456", textWhenReady: true });
      const me = await server.request<{ mobile: string; textWhenReady: boolean }>("/auth/me", {
        token: customer.token,
      });
      expect(me.body).toMatchObject({ mobile: "+447700900456", textWhenReady: true });
      const off = await setReadyText(customer, { mobile: null, textWhenReady: false });
      expect(off.body).toEqual({ mobile: null, textWhenReady: false });
    });

    it("refuses an invalid number with 422 naming the field, and keeps what was stored", async () => {
      const customer = await optedIn("07700 900789");
      for (const mobile of ["020 7946 0000", "12345", "+1 202 555 0100"]) {
        const refused = await setReadyText(customer, { mobile, textWhenReady: true });
        expect(refused.status, mobile).toBe(422);
        expect(refused.body.message).toMatch(/^mobile: /);
      }
      const withoutNumber = await setReadyText(customer, { mobile: "", textWhenReady: true });
      expect(withoutNumber.status).toBe(422);
      expect(withoutNumber.body.message).toMatch(/^mobile: /);
      const kept = await server.request<ReadyTextSettings>("/api/profile/ready-text", {
        token: customer.token,
      });
      expect(kept.body).toEqual({ mobile: "+447700900789", textWhenReady: true });
    });

    it("at checkout: an invalid number is refused (422) with nothing placed; a valid one is saved", async () => {
      const customer = await server.registerCustomer();
      await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
      const cart = await getCart(server, customer.token, ids.forno);
      const body = (readyText: unknown) => ({
        vendorIds: [ids.forno],
        orderType: "takeaway",
        paymentMethod: "cash_at_counter",
        totalPence: cart.totalPence,
        readyText,
      });
      const key = () => `texts-${randomBytes(8).toString("hex")}`;
      const refused = await server.request<{ message: string }>("/api/checkout", {
        body: body({ mobile: "0123", textWhenReady: true }),
        token: customer.token,
        headers: { "Idempotency-Key": key() },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^mobile: /);
      const orders = await server.db.query("select id from orders where user_id = $1", [
        customer.user.id,
      ]);
      expect(orders).toHaveLength(0);
      const placed = await server.request<CheckoutResponse>("/api/checkout", {
        body: body({ mobile: "07700 900321", textWhenReady: true }),
        token: customer.token,
        headers: { "Idempotency-Key": key() },
      });
      expect(placed.status, placed.text).toBe(201);
      const settings = await server.request<ReadyTextSettings>("/api/profile/ready-text", {
        token: customer.token,
      });
      expect(settings.body).toEqual({ mobile: "+447700900321", textWhenReady: true });
    });
  });

  describe("the text when nothing was seen", () => {
    it("texts an opted-in customer once, a minute after Ready, when neither toast nor push was shown", async () => {
      const customer = await optedIn();
      const order = await preparingAtForno(customer);
      const ready = await step(order.id, "ready");
      expect(ready.notice).toEqual({ status: "ready", state: "not_seen", via: null, at: null });
      // Not before the minute is up.
      await server.app.services.readyTexts.sweep();
      expect(await textsTo(order.id)).toHaveLength(0);
      await minuteLater();
      const sent = await textsTo(order.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to_number).toBe("+447700900123");
      expect(sent[0]!.body).toContain(`#${order.id}`);
      expect(sent[0]!.body.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect((await ticket(order.id)).notice).toMatchObject({ state: "notified", via: "sms" });
      // Never twice for one status: another sweep, and an undo and Ready again, send nothing more.
      await minuteLater();
      await step(order.id, "completed");
      await step(order.id, "ready", "undo");
      await minuteLater();
      expect(await textsTo(order.id)).toHaveLength(1);
      const listed = await server.request<{ data: RecordedText[] }>("/api/test/texts", {
        token: customer.token,
      });
      expect(listed.body.data.filter((text) => text.orderId === order.id)).toHaveLength(1);
    });

    it("lists a customer's own texts however many went to other numbers since; staff see the newest 50", async () => {
      const customer = await optedIn();
      const order = await preparingAtForno(customer);
      await step(order.id, "ready");
      await minuteLater();
      expect(await textsTo(order.id)).toHaveLength(1);
      for (let n = 0; n < 60; n += 1)
        await server.db.query("insert into recorded_texts (to_number, body) values ($1, $2)", [
          `+447700900${String(900 + (n % 99)).padStart(3, "0")}`,
          `someone else's text ${n}`,
        ]);
      const own = await server.request<{ data: RecordedText[] }>("/api/test/texts", {
        token: customer.token,
      });
      expect(own.body.data.map((text) => text.orderId)).toContain(order.id);
      expect(own.body.data.every((text) => text.to === "+447700900123")).toBe(true);
      const all = await server.request<{ data: RecordedText[] }>("/api/test/texts", {
        token: manager,
      });
      expect(all.body.data).toHaveLength(50);
      expect(all.body.data[0]!.body).toBe("someone else's text 59");
      const stranger = await server.registerCustomer();
      const none = await server.request<{ data: RecordedText[] }>("/api/test/texts", {
        token: stranger.token,
      });
      expect(none.body.data).toEqual([]);
    });

    it("sends nothing when the toast (or push) was shown, and the ticket says customer notified", async () => {
      const customer = await optedIn();
      const order = await preparingAtForno(customer);
      await step(order.id, "ready");
      const shown = await server.request(`/api/orders/${order.id}/notice-shown`, {
        method: "POST",
        body: { status: "ready", via: "toast" },
        token: customer.token,
      });
      expect(shown.status).toBe(200);
      expect((await ticket(order.id)).notice).toMatchObject({ state: "notified", via: "toast" });
      await minuteLater();
      expect(await textsTo(order.id)).toHaveLength(0);
      const stranger = await server.registerCustomer();
      const foreign = await server.request(`/api/orders/${order.id}/notice-shown`, {
        method: "POST",
        body: { status: "ready", via: "push" },
        token: stranger.token,
      });
      expect(foreign.status).toBe(404);
    });

    it("takes the word of a service worker holding the push's notice token, for that order and status only", async () => {
      const customer = await optedIn();
      const order = await preparingAtForno(customer);
      const other = await createOrderFixture(server.db, {
        userId: customer.user.id,
        vendorId: ids.forno,
        status: "preparing",
      });
      await step(order.id, "ready");
      const token = server.app.tokens.signNotice(order.id, "ready");
      const say = (orderId: number, status: string, bearer: string) =>
        server.request<{ message?: string }>(`/api/orders/${orderId}/notice-shown`, {
          method: "POST",
          body: { status, via: "push" },
          token: bearer,
        });
      expect((await say(other.id, "ready", token)).status).toBe(401);
      expect((await say(order.id, "preparing", token)).status).toBe(401);
      expect((await say(order.id, "ready", `${token.slice(0, -4)}AAAA`)).status).toBe(401);
      // A notice token opens nothing else.
      const elsewhere = await server.request("/api/orders", { token, checkContract: false });
      expect(elsewhere.status).toBe(401);
      expect((await say(order.id, "ready", token)).status).toBe(200);
      expect((await ticket(order.id)).notice).toMatchObject({ state: "notified", via: "push" });
      await minuteLater();
      expect(await textsTo(order.id)).toHaveLength(0);
    });

    it("never texts a customer who did not opt in, or who opted out meanwhile; an undone Ready cancels the text", async () => {
      const silent = await server.registerCustomer();
      await setReadyText(silent, { mobile: "07700 900999", textWhenReady: false });
      const first = await createOrderFixture(server.db, {
        userId: silent.user.id,
        vendorId: ids.forno,
        status: "preparing",
      });
      await step(first.id, "ready");
      await minuteLater();
      expect(await textsTo(first.id)).toHaveLength(0);

      const changed = await optedIn();
      const second = await createOrderFixture(server.db, {
        userId: changed.user.id,
        vendorId: ids.forno,
        status: "preparing",
      });
      await step(second.id, "ready");
      await setReadyText(changed, { mobile: "07700 900123", textWhenReady: false });
      await minuteLater();
      expect(await textsTo(second.id)).toHaveLength(0);

      const undone = await optedIn();
      const third = await createOrderFixture(server.db, {
        userId: undone.user.id,
        vendorId: ids.forno,
        status: "preparing",
      });
      await step(third.id, "ready");
      await step(third.id, "preparing", "undo");
      await minuteLater();
      expect(await textsTo(third.id)).toHaveLength(0);
    });
  });

  describe("one basket, one moment", () => {
    it("gives a two-trailer basket start times so both parts are due together, and says once when all is ready", async () => {
      const customer = await server.registerCustomer({ name: "Alex Kim" });
      await addToCart(server, customer.token, ids.bean, ids.espresso, 1);
      await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
      const bean = await getCart(server, customer.token, ids.bean);
      const forno = await getCart(server, customer.token, ids.forno);
      const total = bean.subtotalPence + forno.subtotalPence + (bean.serviceChargePence ?? 0);
      const basket = await server.request<{ totals: { totalPence: number } }>("/api/cart/basket", {
        token: customer.token,
      });
      const placed = await server.request<CheckoutResponse>("/api/checkout", {
        body: {
          vendorIds: [ids.bean, ids.forno],
          orderType: "takeaway",
          paymentMethod: "cash_at_counter",
          totalPence: basket.body.totals.totalPence ?? total,
        },
        token: customer.token,
        headers: { "Idempotency-Key": `basket-${randomBytes(8).toString("hex")}` },
      });
      expect(placed.status, placed.text).toBe(201);
      const byVendor = new Map(placed.body.orders.map((order) => [order.vendorId, order.id]));
      const rows = await server.db.query<{
        id: number;
        vendor_id: number;
        start_at: Date | null;
        estimated_ready_at: Date;
        created_at: Date;
      }>(
        "select id, vendor_id, start_at, estimated_ready_at, created_at from orders where checkout_id = $1",
        [placed.body.checkoutId],
      );
      const coffeeRow = rows.find((row) => row.vendor_id === ids.bean)!;
      const pizzaRow = rows.find((row) => row.vendor_id === ids.forno)!;
      // Bean Machine 3–6 min, Forno & Fuoco 10–15 min: the coffee aims at the middle of the pizza's range (12.5),
      // so it starts 8 minutes later; both are promised for +15.
      expect(pizzaRow.start_at).toBeNull();
      expect(coffeeRow.start_at).not.toBeNull();
      const minutes = (at: Date, from: Date) =>
        Math.round((new Date(at).getTime() - new Date(from).getTime()) / 60_000);
      expect(minutes(coffeeRow.start_at!, coffeeRow.created_at)).toBe(8);
      expect(new Date(coffeeRow.estimated_ready_at).getTime()).toBe(
        new Date(pizzaRow.estimated_ready_at).getTime(),
      );
      expect(minutes(pizzaRow.estimated_ready_at, pizzaRow.created_at)).toBe(15);

      const coffee = await ticket(byVendor.get(ids.bean)!);
      expect(coffee.startAt).toBe(new Date(coffeeRow.start_at!).toISOString());
      expect(new Date(coffee.ageFrom).getTime()).toBe(new Date(coffeeRow.start_at!).getTime());
      expect(coffee.siblings).toEqual([
        expect.objectContaining({
          orderId: byVendor.get(ids.forno),
          vendorName: "Forno & Fuoco",
          startAt: null,
        }),
      ]);
      const customerView = await server.request<{ estimatedDeliveryTime: string }>(
        `/api/orders/${coffee.orderId}`,
        { token: customer.token },
      );
      expect(customerView.body.estimatedDeliveryTime).toBe(
        new Date(pizzaRow.estimated_ready_at).toISOString(),
      );

      const phone = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        auth: { token: customer.token },
      });
      const heard: { title: string; body: string; orderIds: number[] }[] = [];
      phone.on(KITCHEN_SOCKET_EVENTS.basketReady, (payload) => heard.push(payload));
      await new Promise<void>((resolve) => phone.once("connect", () => resolve()));
      const joined = new Promise((resolve) => phone.once(SOCKET_EVENTS.roomJoined, resolve));
      phone.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
      await joined;
      baskets.length = 0;
      for (const orderId of [coffee.orderId, byVendor.get(ids.forno)!]) {
        await step(orderId, "confirmed");
        await step(orderId, "preparing");
      }
      await step(coffee.orderId, "ready");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(baskets).toHaveLength(0);
      await step(byVendor.get(ids.forno)!, "ready");
      await expect.poll(() => baskets.length).toBe(1);
      expect(baskets[0]).toMatchObject({
        checkoutId: placed.body.checkoutId,
        userId: customer.user.id,
      });
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toMatchObject({
        title: "Your whole order is ready",
        orderIds: [coffee.orderId, byVendor.get(ids.forno)],
      });
      expect(heard[0]!.body).toContain("Bean Machine, Forno & Fuoco");
      // A recall and Ready again does not say it twice.
      await step(byVendor.get(ids.forno)!, "preparing", "undo");
      await step(byVendor.get(ids.forno)!, "ready");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(baskets).toHaveLength(1);
      expect(heard).toHaveLength(1);
      phone.disconnect();
    });

    it("times each part against its trailer's open tickets: behind twelve coffees, the coffee is the slow part and the pizza waits for it", async () => {
      // Twelve coffees already confirmed at Bean Machine (3–6 min, four at a time, about 4.5 each): its cooks are
      // busy until about +13.5, so a new coffee is likely out at +18 (not +4.5) and sets the basket's moment: it
      // starts at once (not at +8 as with an empty kitchen), and Forno & Fuoco (10–15, nothing on) starts 6
      // minutes later (not at once) to match.
      const regular = await server.registerCustomer({ name: "Sam Regular" });
      const queued = [];
      for (let index = 0; index < 12; index += 1)
        queued.push(
          await createOrderFixture(server.db, {
            userId: regular.user.id,
            vendorId: ids.bean,
            status: "confirmed",
            estimatedReadyAt: new Date(Date.now() + 5 * 60_000),
          }),
        );
      // Forno's own kitchen empty for this basket (earlier tests may leave tickets there); put back after.
      const openAtForno = await server.db.query<{ id: number; status: string }>(
        "select id, status from orders where vendor_id = $1 and status in ('confirmed', 'preparing')",
        [ids.forno],
      );
      await server.db.query("update orders set status = 'completed' where id = any($1::int[])", [
        openAtForno.map((row) => row.id),
      ]);
      try {
        const customer = await server.registerCustomer({ name: "Kai Basket" });
        await addToCart(server, customer.token, ids.bean, ids.espresso, 1);
        await addToCart(server, customer.token, ids.forno, ids.limonata, 1);
        const basket = await server.request<{ totals: { totalPence: number } }>(
          "/api/cart/basket",
          { token: customer.token },
        );
        const placed = await server.request<CheckoutResponse>("/api/checkout", {
          body: {
            vendorIds: [ids.bean, ids.forno],
            orderType: "takeaway",
            paymentMethod: "cash_at_counter",
            totalPence: basket.body.totals.totalPence,
          },
          token: customer.token,
          headers: { "Idempotency-Key": `queued-${randomBytes(8).toString("hex")}` },
        });
        expect(placed.status, placed.text).toBe(201);
        const rows = await server.db.query<{
          vendor_id: number;
          start_at: Date | null;
          estimated_ready_at: Date;
          created_at: Date;
        }>(
          "select vendor_id, start_at, estimated_ready_at, created_at from orders where checkout_id = $1",
          [placed.body.checkoutId],
        );
        const coffeeRow = rows.find((row) => row.vendor_id === ids.bean)!;
        const pizzaRow = rows.find((row) => row.vendor_id === ids.forno)!;
        const minutes = (at: Date, from: Date) =>
          Math.round((new Date(at).getTime() - new Date(from).getTime()) / 60_000);
        expect(coffeeRow.start_at).toBeNull();
        expect(minutes(pizzaRow.start_at!, pizzaRow.created_at)).toBe(6);
        // The promise: the coffee's 14 minutes' queue and 6 at most to make (20), the pizza +6 and 15 at most (21).
        expect(minutes(pizzaRow.estimated_ready_at, pizzaRow.created_at)).toBe(21);
        expect(new Date(coffeeRow.estimated_ready_at).getTime()).toBe(
          new Date(pizzaRow.estimated_ready_at).getTime(),
        );
        const pizza = await ticket(placed.body.orders.find((o) => o.vendorId === ids.forno)!.id);
        expect(pizza.startAt).toBe(new Date(pizzaRow.start_at!).toISOString());
      } finally {
        await server.db.query("update orders set status = 'completed' where id = any($1::int[])", [
          queued.map((order) => order.id),
        ]);
        for (const row of openAtForno)
          await server.db.query("update orders set status = $2 where id = $1", [
            row.id,
            row.status,
          ]);
      }
    });
  });
});

describe("texts through Twilio", () => {
  let fake: FakeHttpServer;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeHttpServer(() => ({ status: 201, body: { sid: "SM0123456789abcdef" } }));
    server = await startTestServer({
      config: {
        twilioAccountSid: "AC_test_account",
        twilioAuthToken: "test-auth-token",
        twilioFrom: "+447700900000",
        twilioApiUrl: fake.url,
        textsTestMode: false,
        readyTextSweepMs: 3_600_000,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("posts the text to the Messages API with Basic auth, once", async () => {
    const customer = await server.registerCustomer();
    await server.request("/api/profile/ready-text", {
      method: "PUT",
      body: { mobile: "07700 900123", textWhenReady: true },
      token: customer.token,
    });
    const manager = await server.login(MANAGER.email, MANAGER.password);
    const forno = await vendorIdOf(server.db, "forno-fuoco");
    const order = await createOrderFixture(server.db, {
      userId: customer.user.id,
      vendorId: forno,
      status: "preparing",
    });
    const moved = await server.request(`/api/staff/kitchen/tickets/${order.id}/moves`, {
      method: "POST",
      body: { status: "ready", version: 0 },
      token: manager,
    });
    expect(moved.status, moved.text).toBe(200);
    for (let sweep = 0; sweep < 2; sweep += 1) {
      await server.db.query(
        "update ready_texts set due_at = now() - interval '1 second' where state = 'due'",
      );
      await server.app.services.readyTexts.sweep();
    }
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/2010-04-01/Accounts/AC_test_account/Messages.json");
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from("AC_test_account:test-auth-token").toString("base64")}`,
    );
    const form = new URLSearchParams(request!.body);
    expect(form.get("To")).toBe("+447700900123");
    expect(form.get("From")).toBe("+447700900000");
    expect(form.get("Body")).toContain(`#${order.id}`);
    const [row] = await server.db.query<{ state: string; provider_id: string }>(
      "select state, provider_id from ready_texts where order_id = $1",
      [order.id],
    );
    expect(row).toEqual({ state: "sent", provider_id: "SM0123456789abcdef" });
    // Texts are not recorded locally when a real provider sends them (and the test list is not served).
    expect(
      (await server.request("/api/test/texts", { token: customer.token, checkContract: false }))
        .status,
    ).toBe(404);
  });

  it("records a refusal without the number, and does not try again", async () => {
    fake.respond(() => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number +447700900123 is not a valid phone number." },
    }));
    const customer = await server.registerCustomer();
    await server.request("/api/profile/ready-text", {
      method: "PUT",
      body: { mobile: "07700 900123", textWhenReady: true },
      token: customer.token,
    });
    const manager = await server.login(MANAGER.email, MANAGER.password);
    const forno = await vendorIdOf(server.db, "forno-fuoco");
    const order = await createOrderFixture(server.db, {
      userId: customer.user.id,
      vendorId: forno,
      status: "preparing",
    });
    await server.request(`/api/staff/kitchen/tickets/${order.id}/moves`, {
      method: "POST",
      body: { status: "ready", version: 0 },
      token: manager,
    });
    const before = fake.requests.length;
    for (let sweep = 0; sweep < 2; sweep += 1) {
      await server.db.query(
        "update ready_texts set due_at = now() - interval '1 second' where state = 'due'",
      );
      await server.app.services.readyTexts.sweep();
    }
    expect(fake.requests.length - before).toBe(1);
    const [row] = await server.db.query<{ state: string; note: string }>(
      "select state, note from ready_texts where order_id = $1",
      [order.id],
    );
    expect(row!.state).toBe("failed");
    expect(row!.note).toContain("21211");
    expect(row!.note).not.toContain("900123");
  });

  it("sends none without a provider (a production server without SMS keys)", async () => {
    const quiet = await startTestServer({
      config: { textsTestMode: false, readyTextSweepMs: 3_600_000 },
    });
    try {
      expect(quiet.app.services.readyTexts.provider).toBeNull();
      const customer = await quiet.registerCustomer();
      await quiet.request("/api/profile/ready-text", {
        method: "PUT",
        body: { mobile: "07700 900123", textWhenReady: true },
        token: customer.token,
      });
      const manager = await quiet.login(MANAGER.email, MANAGER.password);
      const forno = await vendorIdOf(quiet.db, "forno-fuoco");
      const order = await createOrderFixture(quiet.db, {
        userId: customer.user.id,
        vendorId: forno,
        status: "preparing",
      });
      await quiet.request(`/api/staff/kitchen/tickets/${order.id}/moves`, {
        method: "POST",
        body: { status: "ready", version: 0 },
        token: manager,
      });
      await quiet.db.query("update ready_texts set due_at = now() - interval '1 second'");
      await quiet.app.services.readyTexts.sweep();
      const [row] = await quiet.db.query<{ state: string; note: string }>(
        "select state, note from ready_texts where order_id = $1",
        [order.id],
      );
      expect(row).toEqual({ state: "skipped", note: "no provider" });
      expect(await quiet.db.query("select 1 from recorded_texts")).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });
});
