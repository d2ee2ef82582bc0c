/**
 * Receipts per trailer for every paid order: VAT receipts (simplified up to £250, a full VAT invoice above), plain
 * receipts for a trailer not VAT-registered, the park's own for the service charge, credit notes for refunds,
 * numbers gap-free per trailer, and only the customer and staff can open them.
 */
import { randomBytes } from "node:crypto";
import type { CheckoutResponse } from "@contract/basket";
import type { Order } from "@contract/orders";
import type { OrderReceipts, Receipt } from "@contract/receipts";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, cashOrder, getCart } from "./helpers/checkout-fixtures";
import { vendorIdOf } from "./helpers/demo-park";
import { type RegisteredCustomer, startTestServer, type TestServer } from "./helpers/test-server";

const SERVICE = 50;
const PARK_VAT = "GB123456782";

describe("receipts (PostgreSQL)", () => {
  let server: TestServer;
  let forno: number;
  let green: number;
  let limonata: number;
  let greenItem: number;
  let manager: string;
  let fornoStaff: string;

  beforeAll(async () => {
    server = await startTestServer({
      kind: "postgres",
      serviceChargePence: SERVICE,
      config: {
        parkBusiness: {
          legalName: "Harbourside Food Park Ltd",
          address: ["Cannon's Road", "Bristol"],
          postcode: "BS1 5UH",
          vatNumber: PARK_VAT,
        },
      },
    });
    forno = await vendorIdOf(server.db, "forno-fuoco");
    green = await vendorIdOf(server.db, "green-bowl");
    const item = async (vendorId: number, name: string) =>
      (
        await server.db.query<{ id: number }>(
          "select id from menu_items where vendor_id = $1 and name = $2",
          [vendorId, name],
        )
      )[0]!.id;
    limonata = await item(forno, "San Pellegrino Limonata");
    greenItem = await item(green, "Hummus & Flatbread");
    manager = await server.login("staff@foodpark.test", "staff-password");
    await addStaffAccount(server.db, {
      email: "forno-receipts@foodpark.test",
      password: "forno-password-1",
      trailers: ["forno-fuoco"],
    });
    fornoStaff = await server.login("forno-receipts@foodpark.test", "forno-password-1");
  });
  afterAll(() => server?.close());

  const receiptsOf = (orderId: number, token: string) =>
    server.request<OrderReceipts & { message?: string }>(`/api/orders/${orderId}/receipts`, {
      token,
    });

  async function paidBasket(customer: RegisteredCustomer, limonatas = 2) {
    await addToCart(server, customer.token, forno, limonata, limonatas);
    await addToCart(server, customer.token, green, greenItem, 1);
    const total =
      (await getCart(server, customer.token, forno)).subtotalPence +
      (await getCart(server, customer.token, green)).subtotalPence +
      SERVICE;
    const response = await server.request<CheckoutResponse>("/api/checkout", {
      token: customer.token,
      headers: { "Idempotency-Key": `receipts-${randomBytes(8).toString("hex")}` },
      body: {
        vendorIds: [forno, green],
        orderType: "takeaway",
        paymentMethod: "stripe",
        totalPence: total,
      },
    });
    expect(response.status, response.text).toBe(201);
    const paymentId = response.body.payment!.paymentIntentId;
    const paid = await fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const orders = await server.db.query<{ id: number; vendor_id: number }>(
      "select id, vendor_id from orders where user_id = $1 order by id",
      [customer.user.id],
    );
    return {
      total,
      paymentId,
      fornoOrder: orders.find((order) => order.vendor_id === forno)!.id,
      greenOrder: orders.find((order) => order.vendor_id === green)!.id,
    };
  }

  it("gives a VAT-registered trailer's simplified VAT receipt, a plain one elsewhere, and the park's for the service charge — adding up to the charge", async () => {
    const customer = await server.registerCustomer({ name: "Robin Receipt" });
    const { total, fornoOrder, greenOrder } = await paidBasket(customer);
    const fornoReceipts = (await receiptsOf(fornoOrder, customer.token)).body.data;
    expect(fornoReceipts.map((receipt) => [receipt.kind, receipt.title])).toEqual([
      ["vat_receipt", "VAT receipt"],
      ["vat_receipt", "VAT receipt"],
    ]);
    const [own, parkReceipt] = fornoReceipts as [Receipt, Receipt];
    expect(own.number).toMatch(/^FORNO-FUOCO-\d{6}$/);
    expect(own.issuer).toEqual({
      name: "Forno & Fuoco",
      legalName: "Forno e Fuoco Pizza Ltd",
      address: ["14 Gloucester Road", "Bristol"],
      postcode: "BS7 8AE",
      vatNumber: "GB337281552",
    });
    expect(own.lines).toEqual([
      {
        description: "San Pellegrino Limonata",
        quantity: 2,
        unitPence: 300,
        amountPence: 600,
        vatRate: 20,
        vatPence: 100,
      },
    ]);
    expect(own.vat).toEqual([{ rate: 20, grossPence: 600, vatPence: 100, netPence: 500 }]);
    expect(own.customerName).toBeNull();
    expect(Date.parse(own.suppliedAt)).not.toBeNaN();
    expect(parkReceipt).toMatchObject({
      number: expect.stringMatching(/^PARK-\d{6}$/),
      issuer: { legalName: "Harbourside Food Park Ltd", vatNumber: PARK_VAT },
      totalPence: SERVICE,
      vat: [{ rate: 20, grossPence: 50, vatPence: 8, netPence: 42 }],
    });

    const greenReceipts = (await receiptsOf(greenOrder, customer.token)).body.data;
    expect(greenReceipts).toHaveLength(1);
    expect(greenReceipts[0]).toMatchObject({
      kind: "receipt",
      title: "Receipt",
      vat: [],
      vatPence: 0,
    });
    expect(greenReceipts[0]!.lines.every((line) => line.vatRate === null)).toBe(true);
    expect(greenReceipts[0]!.issuer.vatNumber).toBeNull();

    const all = [...fornoReceipts, ...greenReceipts];
    expect(all.reduce((sum, receipt) => sum + receipt.totalPence, 0)).toBe(total);

    // The order's tax field carries the VAT included; totals unchanged.
    const order = (
      await server.request<Order>(`/api/orders/${fornoOrder}`, { token: customer.token })
    ).body;
    expect(order.tax).toBe(1.08);
    expect(order.totalPence).toBe(600 + SERVICE);
    // Asking again issues nothing new.
    expect(
      (await receiptsOf(fornoOrder, customer.token)).body.data.map((receipt) => receipt.id),
    ).toEqual(fornoReceipts.map((receipt) => receipt.id));
  });

  it("opens for its customer and staff only: another customer gets 404", async () => {
    const customer = await server.registerCustomer();
    const { fornoOrder, greenOrder } = await paidBasket(customer);
    const [receipt] = (await receiptsOf(fornoOrder, customer.token)).body.data;
    const stranger = await server.registerCustomer();
    expect((await receiptsOf(fornoOrder, stranger.token)).status).toBe(404);
    const theirs = await server.request<{ message: string }>(`/api/receipts/${receipt!.id}`, {
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: "Receipt not found" });
    expect((await server.request(`/api/receipts/${receipt!.id}`)).status).toBe(401);
    expect((await server.request(`/api/receipts/999999`, { token: customer.token })).status).toBe(
      404,
    );
    const own = await server.request<Receipt>(`/api/receipts/${receipt!.id}`, {
      token: customer.token,
    });
    expect(own.body).toEqual(receipt);
    expect((await server.request(`/api/receipts/${receipt!.id}`, { token: manager })).status).toBe(
      200,
    );
    expect((await receiptsOf(fornoOrder, fornoStaff)).status).toBe(200);
    expect((await receiptsOf(greenOrder, fornoStaff)).status).toBe(404);
  });

  it("gives a full VAT invoice above £250, naming the customer", async () => {
    const customer = await server.registerCustomer({ name: "Big Spender" });
    const [tiramisu] = await server.db.query<{ id: number; price_pence: number }>(
      "select id, price_pence from menu_items where vendor_id = $1 and name = 'Tiramisu'",
      [forno],
    );
    await addToCart(server, customer.token, forno, tiramisu!.id, 20);
    const { fornoOrder } = await paidBasket(customer, 45);
    const [own] = (await receiptsOf(fornoOrder, customer.token)).body.data;
    const cakes = 20 * tiramisu!.price_pence;
    expect(own).toMatchObject({
      kind: "vat_invoice",
      title: "VAT invoice",
      customerName: "Big Spender",
      totalPence: 13_500 + cakes,
      vat: [
        { rate: 20, grossPence: 13_500, vatPence: 2_250, netPence: 11_250 },
        { rate: 0, grossPence: cakes, vatPence: 0, netPence: cakes },
      ],
    });
    expect(own!.totalPence).toBeGreaterThan(25_000);
  });

  it("issues a cash order's receipts once the cash is taken, numbered without gaps under concurrency", async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => server.registerCustomer()));
    const orderIds: number[] = [];
    for (const customer of customers) {
      await addToCart(server, customer.token, forno, limonata, 1);
      const placed = await server.request<{ id: number }>("/api/orders", {
        token: customer.token,
        body: cashOrder(forno),
      });
      expect(placed.status, placed.text).toBe(201);
      orderIds.push(placed.body.id);
    }
    expect((await receiptsOf(orderIds[0]!, customers[0]!.token)).body.data).toEqual([]);
    await Promise.all(
      orderIds.map((orderId) =>
        server.request(`/api/staff/orders/${orderId}`, {
          method: "PATCH",
          token: manager,
          body: { status: "confirmed" },
        }),
      ),
    );
    const numbers = await server.db.query<{ number: number }>(
      "select number from receipts where issuer = $1 order by number",
      [`vendor:${forno}`],
    );
    expect(numbers.map((row) => row.number)).toEqual(numbers.map((_, index) => index + 1));
    const cash = (await receiptsOf(orderIds[3]!, customers[3]!.token)).body.data;
    expect(cash.map((receipt) => [receipt.kind, receipt.paymentMethod])).toEqual([
      ["vat_receipt", "cash_at_counter"],
      ["vat_receipt", "cash_at_counter"],
    ]);
  });

  it("issues a credit note when a trailer's share is refunded", async () => {
    const customer = await server.registerCustomer();
    const { paymentId, fornoOrder } = await paidBasket(customer);
    await server.app.services.payments.reverseTransferForRefund({
      paymentId,
      vendorId: forno,
      amountPence: 600,
      refundKey: "cancel-test",
    });
    const receipts = (await receiptsOf(fornoOrder, customer.token)).body.data;
    const note = receipts.find((receipt) => receipt.kind === "credit_note")!;
    expect(note).toMatchObject({
      title: "Credit note",
      totalPence: 600,
      vatPence: 100,
      creditFor: receipts[0]!.number,
    });
    expect(note.number).toMatch(/^FORNO-FUOCO-\d{6}$/);
  });
});
