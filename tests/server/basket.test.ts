/**
 * One park basket: the combined cart read and the one checkout placing one order per trailer,
 * all or nothing, under one Idempotency-Key, paid once (cash, or one card payment).
 */
import { randomBytes } from "node:crypto";
import type { Basket, CheckoutResponse } from "@contract/basket";
import type { Order } from "@contract/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type OrderListResponse = { data: Order[] };

import type { PaymentStatusResponse } from "@contract/payments";
import type { OrderPlaced } from "@server/events.js";
import {
  addToCart,
  addWithRequiredChoices,
  countOrders,
  type DemoIds,
  demoIds,
  getCart,
} from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const SERVICE = 50;
const newKey = () => `basket-${randomBytes(8).toString("hex")}`;

describe.each(databaseKinds)("one park basket on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds & { bean: number; burger: number; espresso: number };
  const placed: OrderPlaced[] = [];

  /** An available item of the vendor without required add-on groups. */
  async function plainItemOf(vendorId: number): Promise<number> {
    const [row] = await server.db.query<{ id: number }>(
      `select m.id from menu_items m where m.vendor_id = $1 and m.available
         and not exists (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
       order by m.id limit 1`,
      [vendorId],
    );
    return row!.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, serviceChargePence: SERVICE });
    const base = await demoIds(server);
    const bean = await vendorIdOf(server.db, "bean-machine");
    ids = {
      ...base,
      bean,
      burger: await plainItemOf(base.smash),
      espresso: await plainItemOf(bean),
    };
    server.app.events.on("orderPlaced", (event) => placed.push(event));
  });
  afterAll(() => server?.close());

  const basketOf = async (customer: RegisteredCustomer, query = "") => {
    const response = await server.request<Basket>(`/api/cart/basket${query}`, {
      token: customer.token,
    });
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  const checkout = (
    customer: RegisteredCustomer,
    body: Record<string, unknown>,
    key: string | null = newKey(),
    checkContract = true,
  ) =>
    server.request<CheckoutResponse & { message?: string }>("/api/checkout", {
      token: customer.token,
      body,
      headers: key ? { "Idempotency-Key": key } : {},
      checkContract,
    });

  /** A customer with Limonata ×2 at Forno & Fuoco and a burger at Smash Stack. */
  async function twoTrailerCustomer() {
    const customer = await server.registerCustomer();
    await addToCart(server, customer.token, ids.forno, ids.limonata, 2);
    await addToCart(server, customer.token, ids.smash, ids.burger, 1);
    const forno = await getCart(server, customer.token, ids.forno);
    const smash = await getCart(server, customer.token, ids.smash);
    return { customer, forno, smash };
  }

  const cashBody = (
    vendorIds: number[],
    totalPence: number,
    extra: Record<string, unknown> = {},
  ) => ({
    vendorIds,
    orderType: "takeaway",
    paymentMethod: "cash_at_counter",
    totalPence,
    ...extra,
  });

  describe("GET /api/cart/basket", () => {
    it("shows a section per trailer with a non-empty cart, priced by the server, one service charge, one total", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const basket = await basketOf(customer);

      expect(basket.sections.map((section) => section.vendorName)).toEqual([
        "Forno & Fuoco",
        "Smash Stack",
      ]);
      expect(basket.sections.map((section) => section.status)).toEqual(["open", "open"]);
      expect(basket.sections[0]!.items).toEqual(forno.items);
      expect(basket.sections[1]!.items).toEqual(smash.items);
      expect(basket.sections[0]!.totals.subtotalPence).toBe(forno.subtotalPence);
      expect(basket.sections[1]!.totals).toMatchObject({
        subtotalPence: smash.subtotalPence,
        serviceChargePence: 0,
      });
      expect(basket.totals).toEqual({
        subtotalPence: forno.subtotalPence + smash.subtotalPence,
        serviceChargePence: SERVICE,
        deliveryChargePence: 0,
        totalPence: forno.subtotalPence + smash.subtotalPence + SERVICE,
        subtotal: (forno.subtotalPence + smash.subtotalPence) / 100,
        serviceCharge: SERVICE / 100,
        deliveryCharge: 0,
        total: (forno.subtotalPence + smash.subtotalPence + SERVICE) / 100,
      });
      expect(basket.lineCount).toBe(2);
      expect(basket.cashPaidAt).toBe("counter");
    });

    it("leaves an excluded trailer out of the total and charges a delivery fee per trailer", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const excluded = await basketOf(customer, `?exclude=${ids.forno}`);
      expect(excluded.sections.find((section) => section.vendorId === ids.forno)!.excluded).toBe(
        true,
      );
      expect(excluded.totals.totalPence).toBe(smash.subtotalPence + SERVICE);

      const delivery = await basketOf(customer, "?orderType=delivery");
      expect(delivery.totals.deliveryChargePence).toBe(2 * 250);
      expect(delivery.totals.totalPence).toBe(
        forno.subtotalPence + smash.subtotalPence + SERVICE + 500,
      );
    });

    it("is empty for a customer without carts and refuses a bad exclude list", async () => {
      const customer = await server.registerCustomer();
      const basket = await basketOf(customer);
      expect(basket).toMatchObject({ sections: [], lineCount: 0, totals: { totalPence: 0 } });
      const bad = await server.request<{ message: string }>("/api/cart/basket?exclude=abc", {
        token: customer.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Invalid vendor/);
      expect((await server.request("/api/cart/basket")).status).toBe(401);
    });
  });

  describe("POST /api/checkout (cash)", () => {
    it("places one spec-shaped order per trailer in one step, pending payment, and empties both carts", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const total = forno.subtotalPence + smash.subtotalPence + SERVICE;
      const before = placed.length;
      const response = await checkout(
        customer,
        cashBody([ids.forno, ids.smash], total, {
          vehicleData: { registrationNumber: "ab12 cde", make: "Ford", colour: "Blue" },
        }),
      );
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({
        status: "placed",
        paymentMethod: "cash_at_counter",
        totalPence: total,
        payment: null,
      });
      expect(response.body.orders.map((order) => [order.vendorName, order.status])).toEqual([
        ["Forno & Fuoco", "pending_payment"],
        ["Smash Stack", "pending_payment"],
      ]);
      expect(response.body.orders[0]!.totalPence).toBe(forno.subtotalPence + SERVICE);
      expect(response.body.orders[1]!.totalPence).toBe(smash.subtotalPence);
      expect(placed.slice(before).map((event) => event.vendorId)).toEqual([ids.forno, ids.smash]);
      expect((await basketOf(customer)).sections).toEqual([]);

      // Each is an ordinary order of the spec's calls, carrying its sibling and the grand total.
      const list = await server.request<OrderListResponse>("/api/orders", {
        token: customer.token,
      });
      expect(list.body.data).toHaveLength(2);
      for (const order of list.body.data) {
        expect(order.vehicle).toEqual({
          registrationNumber: "AB12CDE",
          make: "Ford",
          colour: "Blue",
        });
        expect(order.checkout).toMatchObject({
          checkoutId: response.body.checkoutId,
          totalPence: total,
        });
        expect(order.checkout!.orders.map((sibling) => sibling.id).sort()).toEqual(
          response.body.orders.map((o) => o.id).sort(),
        );
      }
      const one = await server.request<{ data: Order }>(
        `/api/orders/details/${response.body.orders[1]!.id}`,
        { token: customer.token },
      );
      expect(one.body.data.checkout?.totalPence).toBe(total);
      const group = await server.request<CheckoutResponse>(
        `/api/checkouts/${response.body.checkoutId}`,
        { token: customer.token },
      );
      expect(group.body.orders).toEqual(response.body.orders);
      const stranger = await server.registerCustomer();
      expect(
        (
          await server.request(`/api/checkouts/${response.body.checkoutId}`, {
            token: stranger.token,
          })
        ).status,
      ).toBe(404);
    });

    it("keeps allergy notes per item on each trailer's order", async () => {
      const customer = await server.registerCustomer();
      await addWithRequiredChoices(
        server,
        customer.token,
        ids.forno,
        ids.margherita,
        "No basil please",
      );
      await addToCart(server, customer.token, ids.smash, ids.burger, 1);
      const basket = await basketOf(customer);
      const response = await checkout(
        customer,
        cashBody([ids.forno, ids.smash], basket.totals.totalPence),
      );
      expect(response.status, response.text).toBe(201);
      const [row] = await server.db.query<{ allergy_note: string | null }>(
        "select allergy_note from orders where id = $1",
        [response.body.orders[0]!.id],
      );
      expect(row!.allergy_note).toBe("Margherita: No basil please");
    });

    it("'Pay without this trailer': only the chosen carts become orders; the excluded cart stays for later", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const response = await checkout(
        customer,
        cashBody([ids.smash], smash.subtotalPence + SERVICE),
      );
      expect(response.status, response.text).toBe(201);
      expect(response.body.orders.map((order) => order.vendorId)).toEqual([ids.smash]);
      expect((await getCart(server, customer.token, ids.forno)).items).toEqual(forno.items);
      expect((await getCart(server, customer.token, ids.smash)).items).toEqual([]);
      // A one-trailer checkout is an ordinary order: no group to show.
      const list = await server.request<OrderListResponse>("/api/orders", {
        token: customer.token,
      });
      expect(list.body.data[0]!.checkout ?? null).toBeNull();
    });

    it("refuses a closed trailer, naming it, and places nothing", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      await server.db.query("update vendors set trading_status = 'closed' where id = $1", [
        ids.smash,
      ]);
      try {
        const basket = await basketOf(customer);
        const section = basket.sections.find((entry) => entry.vendorId === ids.smash)!;
        expect(section.status).toBe("closed");
        expect(section.problems).toEqual([
          {
            kind: "closed",
            message: "Smash Stack is closed right now, so it can't take orders.",
            lineId: null,
          },
        ]);
        const response = await checkout(
          customer,
          cashBody([ids.forno, ids.smash], forno.subtotalPence + smash.subtotalPence + SERVICE),
        );
        expect(response.status).toBe(409);
        expect(response.body.message).toBe(
          "Smash Stack is closed right now, so it can't take orders.",
        );
        expect(await countOrders(server, customer.user.id)).toBe(0);
        expect((await getCart(server, customer.token, ids.forno)).items).toEqual(forno.items);
      } finally {
        await server.db.query("update vendors set trading_status = 'open' where id = $1", [
          ids.smash,
        ]);
      }
    });

    it("marks an unavailable item in its own section only, and refuses to place that trailer's order", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      await server.db.query("update menu_items set available = false where id = $1", [ids.burger]);
      try {
        const basket = await basketOf(customer);
        const smashSection = basket.sections.find((entry) => entry.vendorId === ids.smash)!;
        const fornoSection = basket.sections.find((entry) => entry.vendorId === ids.forno)!;
        expect(fornoSection.problems).toEqual([]);
        expect(smashSection.problems).toEqual([
          {
            kind: "unavailable",
            message: expect.stringMatching(/ is sold out, so it is not in your total\.$/),
            lineId: smash.items[0]!.lineId,
          },
        ]);
        const both = await checkout(
          customer,
          cashBody([ids.forno, ids.smash], forno.subtotalPence + smash.subtotalPence + SERVICE),
        );
        expect(both.status).toBe(409);
        expect(both.body.message).toMatch(/is not available right now/);
        expect(await countOrders(server, customer.user.id)).toBe(0);
        // Paying without that trailer works; its cart stays.
        const without = await checkout(
          customer,
          cashBody([ids.forno], forno.subtotalPence + SERVICE),
        );
        expect(without.status, without.text).toBe(201);
        expect((await getCart(server, customer.token, ids.smash)).items).toHaveLength(1);
      } finally {
        await server.db.query("update menu_items set available = true where id = $1", [ids.burger]);
      }
    });

    it("refuses a total the customer was not shown (the basket changed)", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const response = await checkout(
        customer,
        cashBody([ids.forno, ids.smash], forno.subtotalPence + smash.subtotalPence),
      );
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/^Your basket changed: the total is now £\d+\.\d\d\./);
      expect(await countOrders(server, customer.user.id)).toBe(0);
    });

    it("is all or nothing: a failure inserting the second trailer's order leaves no order and both carts", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      // The seam: a database trigger that fails the insert of this customer's Smash Stack order (the second).
      await server.db.query(`create or replace function basket_test_fail() returns trigger language plpgsql as $$
        begin
          if new.user_id = ${customer.user.id} and new.vendor_id = ${ids.smash} then
            raise exception 'injected failure for the second trailer';
          end if;
          return new;
        end $$`);
      await server.db.query(
        "create trigger basket_test_fail before insert on orders for each row execute function basket_test_fail()",
      );
      const key = newKey();
      const total = forno.subtotalPence + smash.subtotalPence + SERVICE;
      try {
        // A database broken on purpose: the 500 is the point, not part of the documented contract.
        const failed = await checkout(
          customer,
          cashBody([ids.forno, ids.smash], total),
          key,
          false,
        );
        expect(failed.status).toBe(500);
        expect(await countOrders(server, customer.user.id)).toBe(0);
        const [claimed] = await server.db.query<{ count: number }>(
          "select count(*)::int as count from checkouts where user_id = $1",
          [customer.user.id],
        );
        expect(claimed!.count).toBe(0);
        expect((await getCart(server, customer.token, ids.forno)).items).toEqual(forno.items);
        expect((await getCart(server, customer.token, ids.smash)).items).toEqual(smash.items);
      } finally {
        await server.db.query("drop trigger basket_test_fail on orders");
        await server.db.query("drop function basket_test_fail()");
      }
      // The same key, retried once the fault is gone, places both.
      const retried = await checkout(customer, cashBody([ids.forno, ids.smash], total), key);
      expect(retried.status, retried.text).toBe(201);
      expect(await countOrders(server, customer.user.id)).toBe(2);
    });
  });

  describe("idempotency", () => {
    it("a retry with the same key answers the same checkout and creates nothing twice", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const body = cashBody(
        [ids.forno, ids.smash],
        forno.subtotalPence + smash.subtotalPence + SERVICE,
      );
      const key = newKey();
      const first = await checkout(customer, body, key);
      expect(first.status, first.text).toBe(201);
      // Trailers listed in another order are the same checkout.
      const again = await checkout(customer, { ...body, vendorIds: [ids.smash, ids.forno] }, key);
      expect(again.status, again.text).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await countOrders(server, customer.user.id)).toBe(2);
    });

    it("concurrent duplicates create one set of orders", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const body = cashBody(
        [ids.forno, ids.smash],
        forno.subtotalPence + smash.subtotalPence + SERVICE,
      );
      const key = newKey();
      const answers = await Promise.all([1, 2, 3, 4].map(() => checkout(customer, body, key)));
      for (const answer of answers) expect([200, 201], answer.text).toContain(answer.status);
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      const checkoutIds = new Set(answers.map((answer) => answer.body.checkoutId));
      expect(checkoutIds.size).toBe(1);
      expect(await countOrders(server, customer.user.id)).toBe(2);
    });

    it("the same key with a different body is refused with 422 {message}", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const key = newKey();
      const first = await checkout(
        customer,
        cashBody([ids.smash], smash.subtotalPence + SERVICE),
        key,
      );
      expect(first.status, first.text).toBe(201);
      const reused = await checkout(
        customer,
        cashBody([ids.forno], forno.subtotalPence + SERVICE),
        key,
      );
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual({
        message:
          "This Idempotency-Key was already used for a different checkout. Please start the checkout again.",
      });
      expect(await countOrders(server, customer.user.id)).toBe(1);
    });

    it("needs an Idempotency-Key and a valid body", async () => {
      const { customer } = await twoTrailerCustomer();
      const missing = await checkout(customer, cashBody([ids.forno], 100), null);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/Idempotency-Key header is required/);
      const noTrailers = await checkout(customer, cashBody([], 100));
      expect(noTrailers.status).toBe(400);
      expect(noTrailers.body.message).toBe("Choose at least one trailer to pay for");
      const empty = await checkout(customer, cashBody([ids.bean], 100));
      expect(empty.status).toBe(400);
    });
  });

  describe("card: one payment for every trailer", () => {
    it("one hosted payment with a line per trailer; paying confirms every order and empties the paid carts", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const total = forno.subtotalPence + smash.subtotalPence + SERVICE;
      const response = await checkout(customer, {
        ...cashBody([ids.forno, ids.smash], total),
        paymentMethod: "stripe",
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toMatchObject({
        status: "awaiting_payment",
        orders: [],
        totalPence: total,
      });
      const payment = response.body.payment!;
      expect(payment.sessionUrl).toBe(
        `${server.baseUrl}/pay/test-checkout/${payment.paymentIntentId}`,
      );
      // Nothing is ordered, nothing emptied, until it is paid.
      expect(await countOrders(server, customer.user.id)).toBe(0);
      expect((await basketOf(customer)).sections).toHaveLength(2);

      const page = await (await fetch(payment.sessionUrl)).text();
      expect(page).toContain("Forno &amp; Fuoco, Smash Stack");

      const declined = await payWithCard(payment.paymentIntentId, "4000 0000 0000 0002");
      expect(declined.status).toBe(402);
      expect(await countOrders(server, customer.user.id)).toBe(0);
      expect((await basketOf(customer)).sections).toHaveLength(2);

      const paid = await payWithCard(payment.paymentIntentId, "4242 4242 4242 4242");
      expect(paid.status).toBe(303);
      const orders = await server.db.query<{
        id: number;
        vendor_id: number;
        status: string;
        payment_method: string;
        total_pence: number;
      }>(
        "select id, vendor_id, status, payment_method, total_pence from orders where user_id = $1 order by id",
        [customer.user.id],
      );
      expect(orders.map((order) => [order.vendor_id, order.status, order.payment_method])).toEqual([
        [ids.forno, "confirmed", "stripe"],
        [ids.smash, "confirmed", "stripe"],
      ]);
      expect(orders.reduce((sum, order) => sum + order.total_pence, 0)).toBe(total);
      expect((await basketOf(customer)).sections).toEqual([]);

      const status = await server.request<PaymentStatusResponse>(
        `/api/payments/stripe/status/${payment.paymentIntentId}`,
        {
          token: customer.token,
        },
      );
      expect(status.body).toMatchObject({ status: "paid", orderId: orders[0]!.id });
      const group = await server.request<CheckoutResponse>(
        `/api/checkouts/${response.body.checkoutId}`,
        { token: customer.token },
      );
      expect(group.body.status).toBe("paid");
      expect(group.body.orders.map((order) => order.id)).toEqual(orders.map((order) => order.id));

      // Paying again (a second tab) creates nothing more.
      expect((await payWithCard(payment.paymentIntentId, "4242 4242 4242 4242")).status).toBe(303);
      expect(await countOrders(server, customer.user.id)).toBe(2);
    });

    /** A card checkout of both trailers, started: the customer is on the hosted page. */
    async function startCardCheckout(customer: RegisteredCustomer, totalPence: number) {
      const response = await checkout(customer, {
        ...cashBody([ids.forno, ids.smash], totalPence),
        paymentMethod: "stripe",
      });
      expect(response.status, response.text).toBe(201);
      return response.body;
    }
    const paymentStatus = (customer: RegisteredCustomer, paymentId: string) =>
      server.request<PaymentStatusResponse & { refund?: { amountPence: number; note: string } }>(
        `/api/payments/stripe/status/${paymentId}`,
        { token: customer.token },
      );
    const ordersOf = (customer: RegisteredCustomer) =>
      server.db.query<{ vendor_id: number; status: string; total_pence: number; names: string[] }>(
        `select o.vendor_id, o.status, o.total_pence,
           array(select name from order_items where order_id = o.id order by id) as names
         from orders o where o.user_id = $1 order by o.id`,
        [customer.user.id],
      );

    it("an item that sold out while the customer paid is refunded and named; the rest of every trailer is ordered as paid", async () => {
      const { customer, smash } = await twoTrailerCustomer();
      await addWithRequiredChoices(server, customer.token, ids.forno, ids.margherita);
      const forno = await getCart(server, customer.token, ids.forno);
      const total = forno.subtotalPence + smash.subtotalPence + SERVICE;
      const started = await startCardCheckout(customer, total);
      await server.db.query("update menu_items set sold_out = true where id = $1", [ids.limonata]);
      try {
        expect(
          (await payWithCard(started.payment!.paymentIntentId, "4242 4242 4242 4242")).status,
        ).toBe(303);
        const answer = await paymentStatus(customer, started.payment!.paymentIntentId);
        expect(answer.body.status).toBe("paid");
        expect(answer.body.refund).toEqual({
          amountPence: 600,
          note: "San Pellegrino Limonata sold out while you were paying: £6.00 has been refunded. The rest of your order is on its way.",
        });
        expect(await ordersOf(customer)).toEqual([
          {
            vendor_id: ids.forno,
            status: "confirmed",
            total_pence: forno.subtotalPence - 600 + SERVICE,
            names: ["Margherita"],
          },
          {
            vendor_id: ids.smash,
            status: "confirmed",
            total_pence: smash.subtotalPence,
            names: smash.items.map((item) => item.name),
          },
        ]);
        const group = await server.request<CheckoutResponse>(
          `/api/checkouts/${started.checkoutId}`,
          { token: customer.token },
        );
        expect(group.body.status).toBe("paid");
      } finally {
        await server.db.query("update menu_items set sold_out = false where id = $1", [
          ids.limonata,
        ]);
      }
    });

    it("a trailer that paused while the customer paid is refunded and named; the other trailer is ordered, its cart kept", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const started = await startCardCheckout(
        customer,
        forno.subtotalPence + smash.subtotalPence + SERVICE,
      );
      await server.db.query("update vendors set paused = true where id = $1", [ids.forno]);
      try {
        expect(
          (await payWithCard(started.payment!.paymentIntentId, "4242 4242 4242 4242")).status,
        ).toBe(303);
        const answer = await paymentStatus(customer, started.payment!.paymentIntentId);
        expect(answer.body.status).toBe("paid");
        // The service charge is the checkout's: it stays with the order still placed.
        expect(answer.body.refund).toEqual({
          amountPence: forno.subtotalPence,
          note: `Forno & Fuoco paused its orders while you were paying: £${(forno.subtotalPence / 100).toFixed(2)} has been refunded. The rest of your order is on its way.`,
        });
        expect(await ordersOf(customer)).toEqual([
          {
            vendor_id: ids.smash,
            status: "confirmed",
            total_pence: smash.subtotalPence + SERVICE,
            names: smash.items.map((item) => item.name),
          },
        ]);
        expect((await getCart(server, customer.token, ids.forno)).items).toEqual(forno.items);
      } finally {
        await server.db.query("update vendors set paused = false where id = $1", [ids.forno]);
      }
    });

    it("everything gone while the customer paid: the whole payment is refunded, nothing is ordered, the carts stay", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const total = forno.subtotalPence + smash.subtotalPence + SERVICE;
      const started = await startCardCheckout(customer, total);
      await server.db.query("update menu_items set sold_out = true where id = $1", [ids.limonata]);
      await server.db.query("update vendors set trading_status = 'closed' where id = $1", [
        ids.smash,
      ]);
      try {
        await payWithCard(started.payment!.paymentIntentId, "4242 4242 4242 4242");
        const answer = await paymentStatus(customer, started.payment!.paymentIntentId);
        expect(answer.body.orderId).toBeNull();
        expect(answer.body.error).toBe(
          `San Pellegrino Limonata sold out and Smash Stack closed while you were paying, so your payment of £${(total / 100).toFixed(2)} has been refunded in full.`,
        );
        expect(answer.body.refund?.amountPence).toBe(total);
        expect(await countOrders(server, customer.user.id)).toBe(0);
        expect((await basketOf(customer)).sections).toHaveLength(2);
      } finally {
        await server.db.query("update menu_items set sold_out = false where id = $1", [
          ids.limonata,
        ]);
        await server.db.query("update vendors set trading_status = 'open' where id = $1", [
          ids.smash,
        ]);
      }
    });

    it("a retried card checkout answers the same payment", async () => {
      const { customer, forno, smash } = await twoTrailerCustomer();
      const body = {
        ...cashBody([ids.forno, ids.smash], forno.subtotalPence + smash.subtotalPence + SERVICE),
        paymentMethod: "stripe",
      };
      const key = newKey();
      const first = await checkout(customer, body, key);
      const again = await checkout(customer, body, key);
      expect(again.status, again.text).toBe(200);
      expect(again.body.payment?.paymentIntentId).toBe(first.body.payment?.paymentIntentId);
      expect(again.body.payment?.sessionUrl).toBe(first.body.payment?.sessionUrl);
    });
  });

  function payWithCard(paymentId: string, number: string) {
    return fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        number,
        expiry: "12 / 34",
        cvc: "123",
        name: "Demo Customer",
      }).toString(),
      redirect: "manual",
    });
  }
});
