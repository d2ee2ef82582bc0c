/**
 * Card payments split per trailer with Stripe Connect "separate charges and transfers": exactly one transfer per
 * trailer whoever reports the payment, the park's service charge kept, held shares, and reversals after refunds.
 */
import { randomBytes } from "node:crypto";
import type { CheckoutResponse } from "@contract/basket";
import type { TrailerTransferRow } from "@server/db/repositories/trailer-transfers.js";
import type { TestTransfers } from "@server/services/payments/test-provider.js";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, getCart } from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import { type FakeStripe, startFakeStripe } from "./helpers/fake-stripe";
import { startTestServer, type TestServer } from "./helpers/test-server";

const SERVICE = 50;
const WEBHOOK_SECRET = "whsec_split_payments_secret";

interface Park {
  forno: number;
  smash: number;
  green: number;
  limonata: number;
  burger: number;
  bowlSide: number;
}

async function plainItemOf(server: TestServer, vendorId: number, name?: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `select m.id from menu_items m where m.vendor_id = $1 and m.available and ($2::text is null or m.name = $2)
       and not exists (select 1 from addon_groups g where g.menu_item_id = m.id and (g.is_required or g.min_quantity > 0))
     order by m.id limit 1`,
    [vendorId, name ?? null],
  );
  return row!.id;
}

async function parkOf(server: TestServer): Promise<Park> {
  const forno = await vendorIdOf(server.db, "forno-fuoco");
  const smash = await vendorIdOf(server.db, "smash-stack");
  const green = await vendorIdOf(server.db, "green-bowl");
  return {
    forno,
    smash,
    green,
    limonata: await plainItemOf(server, forno, "San Pellegrino Limonata"),
    burger: await plainItemOf(server, smash),
    bowlSide: await plainItemOf(server, green),
  };
}

/** A customer with a basket across `vendors` (Limonata ×2 at Forno, one plain item elsewhere), checked out by card. */
async function cardBasket(server: TestServer, park: Park, vendors: number[]) {
  const customer = await server.registerCustomer();
  let total = SERVICE;
  for (const vendorId of vendors) {
    const item =
      vendorId === park.forno
        ? park.limonata
        : vendorId === park.smash
          ? park.burger
          : park.bowlSide;
    await addToCart(server, customer.token, vendorId, item, vendorId === park.forno ? 2 : 1);
    total += (await getCart(server, customer.token, vendorId)).subtotalPence;
  }
  const response = await server.request<CheckoutResponse>("/api/checkout", {
    token: customer.token,
    headers: { "Idempotency-Key": `split-${randomBytes(8).toString("hex")}` },
    body: { vendorIds: vendors, orderType: "takeaway", paymentMethod: "stripe", totalPence: total },
  });
  expect(response.status, response.text).toBe(201);
  return { customer, total, paymentId: response.body.payment!.paymentIntentId };
}

const payOnTestPage = (server: TestServer, paymentId: string) =>
  fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }),
    redirect: "manual",
  });

const ledgerOf = (server: TestServer, paymentId: string) =>
  server.app.services.payments.transfers.ofPayment(paymentId);
const shape = (rows: TrailerTransferRow[]) =>
  rows.map((row) => ({
    vendor: row.vendor_id,
    kind: row.kind,
    amount: row.amount_pence,
    status: row.status,
  }));

async function shareOf(server: TestServer, paymentId: string, vendorId: number) {
  const [row] = await server.db.query<{ share: number }>(
    `select sum(o.total_pence - o.service_charge_pence)::int as share from orders o
     where o.vendor_id = $2 and (o.payment_id = $1 or o.checkout_id = (select id from checkouts where payment_id = $1))`,
    [paymentId, vendorId],
  );
  return row!.share;
}

describe("split card payments with the local test provider (PostgreSQL)", () => {
  let server: TestServer;
  let park: Park;
  beforeAll(async () => {
    server = await startTestServer({ kind: "postgres", serviceChargePence: SERVICE });
    park = await parkOf(server);
  });
  afterAll(() => server?.close());
  const recorded = () => (server.app.services.payments.provider.transfers as TestTransfers).list();

  it("transfers each trailer its share once paid, keeps the service charge, and holds a share without a payout account", async () => {
    const { total, paymentId } = await cardBasket(server, park, [park.forno, park.green]);
    expect((await payOnTestPage(server, paymentId)).status).toBe(303);
    const forno = await shareOf(server, paymentId, park.forno);
    const green = await shareOf(server, paymentId, park.green);
    expect(forno + green + SERVICE).toBe(total);
    expect(shape(await ledgerOf(server, paymentId))).toEqual([
      { vendor: park.forno, kind: "transfer", amount: forno, status: "done" },
      { vendor: park.green, kind: "transfer", amount: green, status: "held" },
    ]);
    const made = recorded().filter((transfer) => transfer.transfer_group === paymentId);
    expect(made).toEqual([
      expect.objectContaining({
        object: "transfer",
        amount: forno,
        currency: "gbp",
        destination: "acct_1FornoFuocoDemo03",
        source_transaction: `ch_test_${paymentId}`,
      }),
    ]);
    // Paying again, polling, sweeping: still one.
    await payOnTestPage(server, paymentId);
    await server.app.services.payments.transfers.sweep();
    expect(recorded().filter((transfer) => transfer.transfer_group === paymentId)).toHaveLength(1);
  });

  it("releases a held share once the trailer has a payout account", async () => {
    const { paymentId } = await cardBasket(server, park, [park.green]);
    await payOnTestPage(server, paymentId);
    expect((await ledgerOf(server, paymentId))[0]!.status).toBe("held");
    await server.db.query(
      "update vendors set payout_account = 'acct_1GreenBowlLater' where id = $1",
      [park.green],
    );
    try {
      await server.app.services.payments.transfers.sweep();
      const [row] = await ledgerOf(server, paymentId);
      expect(row!.status).toBe("done");
      expect(recorded().find((transfer) => transfer.id === row!.provider_id)!.destination).toBe(
        "acct_1GreenBowlLater",
      );
    } finally {
      await server.db.query("update vendors set payout_account = null where id = $1", [park.green]);
    }
  });

  it("reverses only the refunded trailer's transfer, never more than its share; a held share shrinks", async () => {
    const { paymentId } = await cardBasket(server, park, [park.forno, park.smash, park.green]);
    await payOnTestPage(server, paymentId);
    const payments = server.app.services.payments;
    const forno = await shareOf(server, paymentId, park.forno);
    const reversal = await payments.reverseTransferForRefund({
      paymentId,
      vendorId: park.forno,
      amountPence: 300,
      refundKey: "refund-a",
    });
    expect(reversal).toMatchObject({ kind: "reversal", amount_pence: 300, status: "done" });
    // The same refund reported again reverses nothing more; a refund above what is left is capped.
    await payments.reverseTransferForRefund({
      paymentId,
      vendorId: park.forno,
      amountPence: 300,
      refundKey: "refund-a",
    });
    const capped = await payments.reverseTransferForRefund({
      paymentId,
      vendorId: park.forno,
      amountPence: 100_000,
      refundKey: "refund-b",
    });
    expect(capped!.amount_pence).toBe(forno - 300);
    const fornoTransfer = recorded().find(
      (transfer) => transfer.transfer_group === paymentId && transfer.destination.includes("Forno"),
    )!;
    expect(fornoTransfer.amount_reversed).toBe(forno);
    expect(fornoTransfer.reversals.map((entry) => entry.amount)).toEqual([300, forno - 300]);
    const smash = recorded().find(
      (transfer) => transfer.transfer_group === paymentId && transfer.destination.includes("Smash"),
    )!;
    expect(smash.amount_reversed).toBe(0);

    const green = await shareOf(server, paymentId, park.green);
    await payments.reverseTransferForRefund({
      paymentId,
      vendorId: park.green,
      amountPence: 100,
      refundKey: "refund-c",
    });
    const held = (await ledgerOf(server, paymentId)).find(
      (row) => row.vendor_id === park.green && row.kind === "transfer",
    )!;
    expect(held).toMatchObject({ status: "held", amount_pence: green - 100 });
  });

  it("never moves a negative amount, nor a transfer above the trailer's share", async () => {
    const { paymentId } = await cardBasket(server, park, [park.smash]);
    await payOnTestPage(server, paymentId);
    const payments = server.app.services.payments;
    for (const amountPence of [-100, 0])
      expect(
        await payments.reverseTransferForRefund({
          paymentId,
          vendorId: park.smash,
          amountPence,
          refundKey: `bad-${amountPence}`,
        }),
      ).toBeNull();
    await expect(
      server.db.query("update trailer_transfers set amount_pence = -1 where payment_id = $1", [
        paymentId,
      ]),
    ).rejects.toThrow();
    // A row claiming more than the share (tampered, or a bug) is refused before the provider is asked.
    const { paymentId: second } = await cardBasket(server, park, [park.smash]);
    await server.db.query("update vendors set payout_account = null where id = $1", [park.smash]);
    try {
      await payOnTestPage(server, second);
    } finally {
      await server.db.query(
        "update vendors set payout_account = 'acct_1SmashStackDemo02' where id = $1",
        [park.smash],
      );
    }
    const share = await shareOf(server, second, park.smash);
    await server.db.query(
      "update trailer_transfers set status = 'pending', destination = 'acct_1SmashStackDemo02', amount_pence = $2 where payment_id = $1",
      [second, share + 1],
    );
    await payments.transfers.sweep();
    const [row] = await ledgerOf(server, second);
    expect(row).toMatchObject({ status: "failed", amount_pence: share + 1 });
    expect(row!.failure).toContain("exceeds the share");
    expect(recorded().filter((transfer) => transfer.transfer_group === second)).toEqual([]);
  });

  it("records a reversal the trailer's balance cannot cover as failed (owed back)", async () => {
    const { paymentId } = await cardBasket(server, park, [park.smash]);
    await payOnTestPage(server, paymentId);
    const transfers = server.app.services.payments.provider.transfers as TestTransfers;
    transfers.shortBalance.add("acct_1SmashStackDemo02");
    try {
      const row = await server.app.services.payments.reverseTransferForRefund({
        paymentId,
        vendorId: park.smash,
        amountPence: 200,
        refundKey: "cancel-1",
      });
      expect(row).not.toBeNull();
      const reversal = (await ledgerOf(server, paymentId)).find(
        (entry) => entry.kind === "reversal",
      )!;
      expect(reversal).toMatchObject({ status: "failed", amount_pence: 200 });
      expect(reversal.failure).toContain("Insufficient funds");
    } finally {
      transfers.shortBalance.delete("acct_1SmashStackDemo02");
    }
  });

  it("follows the late sold-out refund with a reversal of that trailer's transfer only", async () => {
    const { paymentId } = await cardBasket(server, park, [park.forno, park.smash]);
    await server.db.query("update menu_items set sold_out = true where id = $1", [park.limonata]);
    try {
      await payOnTestPage(server, paymentId);
    } finally {
      await server.db.query("update menu_items set sold_out = false where id = $1", [
        park.limonata,
      ]);
    }
    // Forno had only the Limonata: its whole share is refunded and its transfer reversed; Smash's stays.
    const rows = shape(await ledgerOf(server, paymentId));
    const fornoTransfer = rows.find((row) => row.vendor === park.forno && row.kind === "transfer")!;
    expect(rows).toContainEqual({
      vendor: park.forno,
      kind: "reversal",
      amount: fornoTransfer.amount,
      status: "done",
    });
    expect(rows.filter((row) => row.vendor === park.smash)).toEqual([
      expect.objectContaining({ kind: "transfer", status: "done" }),
    ]);
  });
  it("a staff cancel of one basket part refunds it, reverses only that trailer's transfer and issues one credit note", async () => {
    const { paymentId } = await cardBasket(server, park, [park.forno, park.smash]);
    expect((await payOnTestPage(server, paymentId)).status).toBe(303);
    const fornoShare = await shareOf(server, paymentId, park.forno);
    const [fornoOrder] = await server.db.query<{ id: number }>(
      `select o.id from orders o join checkouts c on c.id = o.checkout_id
       where c.payment_id = $1 and o.vendor_id = $2`,
      [paymentId, park.forno],
    );
    const manager = await server.login("staff@foodpark.test", "staff-password");
    // Sent twice (a retried request, a second tablet): one refund, one reversal, one credit note.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const cancelled = await server.request(`/api/staff/orders/${fornoOrder!.id}`, {
        method: "PATCH",
        token: manager,
        body: { status: "cancelled", reason: "Out of stock" },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
    }
    const rows = shape(await ledgerOf(server, paymentId));
    expect(rows.filter((row) => row.vendor === park.forno)).toEqual([
      { vendor: park.forno, kind: "transfer", amount: fornoShare, status: "done" },
      { vendor: park.forno, kind: "reversal", amount: fornoShare, status: "done" },
    ]);
    expect(rows.filter((row) => row.vendor === park.smash)).toEqual([
      expect.objectContaining({ kind: "transfer", status: "done" }),
    ]);
    const notes = await server.db.query<{ amount_pence: number }>(
      "select amount_pence from receipts where order_id = $1 and kind = 'credit_note'",
      [fornoOrder!.id],
    );
    expect(notes).toEqual([{ amount_pence: fornoShare }]);
  });
});

describe("split card payments through Stripe Connect (fake Stripe, PostgreSQL)", () => {
  let server: TestServer;
  let park: Park;
  let stripe: FakeStripe;
  const signer = new Stripe("sk_test_signer_only");
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      kind: "postgres",
      serviceChargePence: SERVICE,
      config: {
        stripeSecretKey: "sk_test_split_fake",
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApi: { host: stripe.host, port: stripe.port, protocol: "http" },
        publicUrl: "https://park.example",
      },
    });
    park = await parkOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const sessionOf = async (paymentId: string) =>
    (
      await server.db.query<{ checkout_session_id: string }>(
        "select checkout_session_id from payments where id = $1",
        [paymentId],
      )
    )[0]!.checkout_session_id;
  const webhook = (id: string, sessionId: string) => {
    const payload = JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: stripe.sessions.get(sessionId) },
    });
    return server.request("/api/payments/stripe/webhook", {
      rawBody: payload,
      headers: {
        "stripe-signature": signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
  };
  const stripeTransfers = (paymentId: string) =>
    [...stripe.transfers.values()].filter((transfer) => transfer.transfer_group === paymentId);

  it("a webhook delivered three times racing a status poll makes exactly one transfer per trailer", async () => {
    const { customer, total, paymentId } = await cardBasket(server, park, [park.forno, park.smash]);
    const sessionId = await sessionOf(paymentId);
    const created = stripe.requests.find(
      (request) =>
        request.path === "/v1/checkout/sessions" &&
        request.form.get("metadata[payment_id]") === paymentId,
    )!;
    expect(created.form.get("payment_intent_data[transfer_group]")).toBe(paymentId);
    stripe.pay(sessionId);
    await Promise.all([
      webhook("evt_split_1", sessionId),
      webhook("evt_split_1", sessionId),
      webhook("evt_split_1", sessionId),
      server.request(`/api/payments/stripe/status/${paymentId}`, { token: customer.token }),
    ]);
    const made = stripeTransfers(paymentId);
    expect(made.map((transfer) => transfer.destination).sort()).toEqual([
      "acct_1FornoFuocoDemo03",
      "acct_1SmashStackDemo02",
    ]);
    for (const transfer of made) {
      expect(transfer.source_transaction).toBe(`ch_fake_${sessionId}`);
      expect(transfer.currency).toBe("gbp");
    }
    expect(made.reduce((sum, transfer) => sum + transfer.amount, 0)).toBe(total - SERVICE);
    const keys = stripe.requests
      .filter((request) => request.path === "/v1/transfers" && request.method === "POST")
      .map((request) => request.idempotencyKey);
    for (const row of await ledgerOf(server, paymentId)) {
      expect(row.status).toBe("done");
      expect(keys).toContain(`transfer-${row.id}`);
    }
  });

  it("a node killed mid-way: Stripe down, then a row claimed and never completed — the sweep still makes one each", async () => {
    const { paymentId } = await cardBasket(server, park, [park.forno, park.smash]);
    const sessionId = await sessionOf(paymentId);
    stripe.pay(sessionId);
    stripe.failWith = 500;
    await webhook("evt_split_down", sessionId).catch(() => undefined);
    stripe.failWith = null;
    const pending = await ledgerOf(server, paymentId);
    expect(pending.every((row) => row.status === "pending" && row.kind === "transfer")).toBe(true);
    expect(stripeTransfers(paymentId)).toHaveLength(0);

    await server.app.services.payments.transfers.sweep();
    expect(stripeTransfers(paymentId)).toHaveLength(2);

    // Killed after Stripe made the transfer but before the row was completed (the row still says sending).
    await server.db.query(
      `update trailer_transfers set status = 'sending', provider_id = null, updated_at = now() - interval '10 minutes'
       where payment_id = $1`,
      [paymentId],
    );
    await server.app.services.payments.transfers.sweep();
    expect(stripeTransfers(paymentId)).toHaveLength(2);
    const rows = await ledgerOf(server, paymentId);
    expect(rows.map((row) => row.status)).toEqual(["done", "done"]);
    expect(rows.map((row) => row.provider_id).sort()).toEqual(
      stripeTransfers(paymentId)
        .map((transfer) => transfer.id)
        .sort(),
    );
  });

  it("reverses a refunded share with a Stripe transfer reversal; a refused one is recorded as owed back", async () => {
    const { paymentId } = await cardBasket(server, park, [park.forno, park.smash]);
    const sessionId = await sessionOf(paymentId);
    stripe.pay(sessionId);
    await webhook("evt_split_refund", sessionId);
    const payments = server.app.services.payments;
    await payments.reverseTransferForRefund({
      paymentId,
      vendorId: park.forno,
      amountPence: 300,
      refundKey: "cancel-forno",
    });
    const forno = stripeTransfers(paymentId).find(
      (transfer) => transfer.destination === "acct_1FornoFuocoDemo03",
    )!;
    expect(forno.reversals.data.map((reversal) => reversal.amount)).toEqual([300]);
    stripe.failReversals = true;
    try {
      await payments.reverseTransferForRefund({
        paymentId,
        vendorId: park.smash,
        amountPence: 100,
        refundKey: "cancel-smash",
      });
    } finally {
      stripe.failReversals = false;
    }
    const failed = (await ledgerOf(server, paymentId)).find(
      (row) => row.kind === "reversal" && row.vendor_id === park.smash,
    )!;
    expect(failed).toMatchObject({ status: "failed", amount_pence: 100 });
  });
});
