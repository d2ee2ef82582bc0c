/**
 * A park's day as a customer and the staff live it: money on cancel, opening hours, paused trailers, screens that
 * follow the server, offline baskets, Order Again, staff routing and the spec's smaller rows.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  type Session,
  STAFF,
  signedInContext,
  staffMoves,
} from "./order-helpers";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

/** A card order paid on the local test checkout (Stripe's test card), through the real API; its order id. */
async function placeCardOrder(
  request: APIRequestContext,
  session: Session,
  vendorId: number,
  itemId: number,
): Promise<{ orderId: number; totalPence: number }> {
  const added = await request.post("/api/cart/add", {
    headers: auth(session),
    data: { itemId, vendorId, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const cart = (await added.json()) as { total: number };
  const intent = await request.post("/api/payments/stripe/create-intent", {
    headers: auth(session),
    data: {
      orderData: { vendorId, orderType: "takeaway", items: [] },
      amount: cart.total,
      currency: "gbp",
    },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post(`/pay/test-checkout/${paymentIntentId}`, {
    form: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const status = await request.get(`/api/payments/stripe/status/${paymentIntentId}`, {
    headers: auth(session),
  });
  const { orderId } = (await status.json()) as { orderId: number };
  const order = await request.get(`/api/orders/${orderId}`, { headers: auth(session) });
  return { orderId, totalPence: ((await order.json()) as { totalPence: number }).totalPence };
}

/** An available item of the vendor that needs no add-on choice (numeric id and name). */
async function plainItem(request: APIRequestContext, vendorId: number) {
  const response = await request.get(`/api/vendors/${vendorId}/items`);
  const body = (await response.json()) as {
    items: {
      items: { id: string; name: string; available: boolean; has_required_addongroups: boolean }[];
    }[];
  };
  const item = body.items
    .flatMap((group) => group.items)
    .find((candidate) => candidate.available && !candidate.has_required_addongroups)!;
  return { id: Number(item.id.replace("item_", "")), name: item.name };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test.describe("cancelling a paid order", () => {
  test("a card order cancelled by staff is refunded to the card, and the customer reads it under 'Order Cancelled'", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Rhea Refund");
    const [vendor] = await openVendors(request);
    const item = await plainItem(request, vendor!.id);
    const { orderId, totalPence } = await placeCardOrder(request, customer, vendor!.id, item!.id);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);

    const { context, page } = await signedInContext(browser, customer);
    await page.goto(`/order/${orderId}`);
    await expect(page.locator(".status-banner")).toHaveText("Order Confirmed");

    // The staff cancel with a reason; the second (a retried request) changes nothing.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const cancelled = await request.patch(`/api/staff/orders/${orderId}`, {
        headers: auth(staff),
        data: { status: "cancelled", reason: "Out of stock" },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    await expect(page.locator(".status-banner")).toHaveText("Order Cancelled");
    await expect(page.getByTestId("order-refund")).toHaveText(
      `${pounds(totalPence)} refunded to your card`,
    );
    await expect(page.getByText("Reason: Out of stock")).toBeVisible();
    await context.close();
  });

  test("a cash order cancelled after the cash was taken says the counter refunds it", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Cass Cash");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [{ itemId: item!.id }]);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    await staffMoves(request, staff, order.id, "confirmed");
    const cancelled = await request.patch(`/api/staff/orders/${order.id}`, {
      headers: auth(staff),
      data: { status: "cancelled", reason: "Kitchen closed" },
    });
    const { totalPence } = (await cancelled.json()) as { totalPence: number };

    const { context, page } = await signedInContext(browser, customer);
    await page.goto(`/order/${order.id}`);
    await expect(page.locator(".status-banner")).toHaveText("Order Cancelled");
    await expect(page.getByTestId("order-refund")).toHaveText(
      `You paid ${pounds(totalPence)} in cash: the counter refunds it`,
    );
    await context.close();
  });

  test("a reason outside the list is refused", async ({ request }) => {
    const customer = await apiNewCustomer(request, "Una Known");
    const [vendor] = await openVendors(request);
    const [item] = await menuOf(request, vendor!.id);
    const order = await placeCashOrder(request, customer, vendor!.id, [{ itemId: item!.id }]);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const refused = await request.patch(`/api/staff/orders/${order.id}`, {
      headers: auth(staff),
      data: { status: "cancelled", reason: "Felt like it" },
    });
    expect(refused.status()).toBe(400);
  });
});
