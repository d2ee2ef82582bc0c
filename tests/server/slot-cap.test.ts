/**
 * Orders per 15-minute slot under a rush: many customers checking out at the same moment, on two nodes sharing one
 * PostgreSQL (one node on the embedded database, which has no second node). However many arrive together, no slot
 * holds more than the cap: the rest move to the next free slot, or are refused with the trailer's busy message when
 * "pause when full" is on.
 */
import type { CreateIntentResponse } from "@contract/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
const CAP = 2;
const RUSH = 20;
const SLOT_MS = 15 * 60_000;

describe.each(databaseKinds)("the slot cap under a rush on %s", (kind) => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let ids: DemoIds;
  let manager: string;
  let itemId: number;

  beforeAll(async () => {
    nodeA = await startTestServer({ kind });
    // The embedded database is one process's: the "second node" is the same one there.
    nodeB = kind === "postgres" ? await startTestServer({ database: nodeA.database }) : nodeA;
    ids = await demoIds(nodeA);
    manager = await nodeA.login(MANAGER.email, MANAGER.password);
    itemId = (
      await nodeA.db.query<{ id: number }>(
        `select mi.id from menu_items mi where mi.vendor_id = $1
         and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and (g.is_required or g.min_quantity > 0))
         order by mi.id limit 1`,
        [ids.smash],
      )
    )[0]!.id;
  }, 60_000);
  afterAll(async () => {
    if (nodeB && nodeB !== nodeA) await nodeB.close();
    await nodeA?.close();
  });

  const setCap = async (vendorId: number, body: Record<string, unknown>) => {
    const answer = await nodeA.request(`/api/staff/trailers/${vendorId}`, {
      method: "PATCH",
      body,
      token: manager,
    });
    expect(answer.status, answer.text).toBe(200);
  };

  /** RUSH customers with the item in their cart, half of them served by each node. */
  async function customersReady(
    vendorId: number,
    item: number,
  ): Promise<Array<{ node: TestServer; who: RegisteredCustomer }>> {
    const ready = [];
    for (let index = 0; index < RUSH; index += 1) {
      const node = index % 2 === 0 ? nodeA : nodeB;
      const who = await node.registerCustomer();
      await addToCart(node, who.token, vendorId, item);
      ready.push({ node, who });
    }
    return ready;
  }

  const checkoutAllAtOnce = (
    vendorId: number,
    ready: Array<{ node: TestServer; who: RegisteredCustomer }>,
  ) =>
    Promise.all(
      ready.map(({ node, who }) =>
        node.request<{ id?: number; message?: string }>("/api/orders", {
          token: who.token,
          body: cashOrder(vendorId),
        }),
      ),
    );

  async function ordersPerSlot(vendorId: number): Promise<number[]> {
    const rows = await nodeA.db.query<{ at: Date }>(
      "select estimated_ready_at as at from orders where vendor_id = $1 and status <> 'cancelled'",
      [vendorId],
    );
    const counts = new Map<number, number>();
    for (const row of rows) {
      const slot = Math.floor(new Date(row.at).getTime() / SLOT_MS);
      counts.set(slot, (counts.get(slot) ?? 0) + 1);
    }
    return [...counts.values()];
  }

  it(`with "pause when full", accepts exactly ${CAP} of ${RUSH} simultaneous checkouts and refuses the rest as busy`, async () => {
    await setCap(ids.smash, { slotCap: CAP, pauseWhenFull: true });
    const answers = await checkoutAllAtOnce(ids.smash, await customersReady(ids.smash, itemId));
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toHaveLength(CAP);
    expect(refused).toHaveLength(RUSH - CAP);
    for (const answer of refused)
      expect(answer.body.message).toBe("Smash Stack is busy and not taking orders right now.");
    expect(Math.max(...(await ordersPerSlot(ids.smash)))).toBe(CAP);
  }, 60_000);

  it(`without it, places all ${RUSH} and no 15-minute slot holds more than ${CAP}`, async () => {
    await setCap(ids.forno, { slotCap: CAP, pauseWhenFull: false });
    const answers = await checkoutAllAtOnce(
      ids.forno,
      await customersReady(ids.forno, ids.limonata),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(RUSH).fill(201));
    const perSlot = await ordersPerSlot(ids.forno);
    expect(perSlot.reduce((sum, count) => sum + count, 0)).toBe(RUSH);
    expect(Math.max(...perSlot)).toBeLessThanOrEqual(CAP);
  }, 60_000);

  it(`places ${RUSH} simultaneous two-trailer baskets and neither trailer's slots hold more than ${CAP}`, async () => {
    const trailers = await nodeA.db.query<{ vendor: number; item: number }>(
      `select v.id as vendor, min(mi.id) as item from vendors v join menu_items mi on mi.vendor_id = v.id
       where v.slug in ('green-bowl', 'taco-libre')
       and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and (g.is_required or g.min_quantity > 0))
       group by v.id order by v.id`,
    );
    expect(trailers).toHaveLength(2);
    const vendorIds = trailers.map((trailer) => trailer.vendor);
    for (const vendorId of vendorIds)
      await setCap(vendorId, { slotCap: CAP, pauseWhenFull: false });
    const ready: { node: TestServer; who: RegisteredCustomer; totalPence: number }[] = [];
    for (let index = 0; index < RUSH; index += 1) {
      const node = index % 2 === 0 ? nodeA : nodeB;
      const who = await node.registerCustomer();
      // Started in opposite orders: a basket's locks must not depend on it.
      const order = index % 4 < 2 ? trailers : [...trailers].reverse();
      for (const { vendor, item } of order) await addToCart(node, who.token, vendor, item);
      const basket = await node.request<{ totals: { totalPence: number } }>("/api/cart/basket", {
        token: who.token,
      });
      ready.push({ node, who, totalPence: basket.body.totals.totalPence });
    }
    const answers = await Promise.all(
      ready.map(({ node, who, totalPence }, index) =>
        node.request<{ message?: string }>("/api/checkout", {
          token: who.token,
          headers: { "Idempotency-Key": `slot-rush-${kind}-${index}-${Date.now()}` },
          body: {
            vendorIds: index % 2 === 0 ? vendorIds : [...vendorIds].reverse(),
            orderType: "takeaway",
            paymentMethod: "cash_at_counter",
            totalPence,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(RUSH).fill(201));
    for (const vendorId of vendorIds) {
      const perSlot = await ordersPerSlot(vendorId);
      expect(perSlot.reduce((sum, count) => sum + count, 0)).toBe(RUSH);
      expect(Math.max(...perSlot)).toBeLessThanOrEqual(CAP);
    }
  }, 120_000);

  it("places card payments paid together into free slots too (their slots are counted when the payment lands)", async () => {
    const PAYERS = 8;
    const [trailer] = await nodeA.db.query<{ vendor: number; item: number }>(
      `select v.id as vendor, min(mi.id) as item from vendors v join menu_items mi on mi.vendor_id = v.id
       where v.slug = 'seoul-bird'
       and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and (g.is_required or g.min_quantity > 0))
       group by v.id`,
    );
    const { vendor, item } = trailer!;
    await setCap(vendor, { slotCap: CAP, pauseWhenFull: true });
    // Each opens its payment while the slots are still empty: all are shown the same estimate.
    const payments: { node: TestServer; paymentId: string }[] = [];
    for (let index = 0; index < PAYERS; index += 1) {
      const node = index % 2 === 0 ? nodeA : nodeB;
      const who = await node.registerCustomer();
      await addToCart(node, who.token, vendor, item);
      const cart = await node.request<{ total: number }>(`/api/cart?vendorId=${vendor}`, {
        token: who.token,
      });
      const intent = await node.request<CreateIntentResponse>(
        "/api/payments/stripe/create-intent",
        {
          token: who.token,
          body: {
            orderData: { vendorId: vendor, orderType: "takeaway", items: [] },
            amount: cart.body.total,
            currency: "gbp",
          },
        },
      );
      expect(intent.status, intent.text).toBe(200);
      payments.push({ node, paymentId: intent.body.paymentIntentId });
    }
    // Then they all pay at once, on either node.
    const paid = await Promise.all(
      payments.map(({ node, paymentId }, index) =>
        fetch(
          `${(index % 3 === 0 ? node : node === nodeA ? nodeB : nodeA).baseUrl}/pay/test-checkout/${paymentId}`,
          {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              number: "4242 4242 4242 4242",
              expiry: "12 / 34",
              cvc: "123",
              name: "Card Rush",
            }).toString(),
            redirect: "manual",
          },
        ),
      ),
    );
    expect(paid.map((answer) => answer.status)).toEqual(Array(PAYERS).fill(303));
    const perSlot = await ordersPerSlot(vendor);
    expect(perSlot.reduce((sum, count) => sum + count, 0)).toBe(PAYERS);
    expect(Math.max(...perSlot)).toBeLessThanOrEqual(CAP);
  }, 120_000);
});
