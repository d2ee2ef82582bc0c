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
async function plainItem(request: APIRequestContext, vendorId: number, exceptId?: number) {
  const response = await request.get(`/api/vendors/${vendorId}/items`);
  const body = (await response.json()) as {
    items: {
      items: { id: string; name: string; available: boolean; has_required_addongroups: boolean }[];
    }[];
  };
  const item = body.items
    .flatMap((group) => group.items)
    .find(
      (candidate) =>
        candidate.available &&
        !candidate.has_required_addongroups &&
        candidate.id !== `item_${exceptId}`,
    )!;
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

const parkClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const parkDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
});
/**
 * A quarter hour at least `minutes` from now: its time in park time ('HH:MM') and how the trading line names it
 * ('HH:MM' today, 'Sun 00:45' on another park day, as a run late in the evening meets).
 */
function quarterFromNow(minutes: number) {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 900_000) * 900_000);
  const time = parkClock.format(at);
  const day = parkDay.format(at);
  return {
    time,
    label: day === parkDay.format(new Date()) ? time : `${day.split(" ")[0]} ${time}`,
  };
}
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

async function vendorIdBySlug(request: APIRequestContext, staff: Session, slug: string) {
  const response = await request.get("/api/staff/trailers", { headers: auth(staff) });
  const { data } = (await response.json()) as { data: { id: number; slug: string }[] };
  return data.find((trailer) => trailer.slug === slug)!.id;
}

test.describe("opening hours", () => {
  test("hours that would close an open trailer ask first; Open then opens it outside them; customers read Opens/Closes in 24-hour time", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const reset = () =>
      request.patch(`/api/staff/trailers/${smash}`, {
        headers: auth(staff),
        data: { status: "open", openingHours: null },
      });
    await reset();
    const { time: opens, label: opensLabel } = quarterFromNow(120);
    const { time: closes, label: closesLabel } = quarterFromNow(240);
    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 820, height: 1180 },
    });
    try {
      await page.goto("/staff/trailers");
      await page.getByRole("button", { name: /^Smash Stack/ }).click();
      // No hours: nothing pre-filled that would close it.
      await expect(page.getByLabel("Monday opens")).toHaveValue("");
      for (const day of WEEKDAYS) {
        await page.getByLabel(`${day} opens`).selectOption(opens);
        await page.getByLabel(`${day} closes`).selectOption(closes);
      }
      await page.getByRole("button", { name: "Save opening hours" }).click();
      await expect(page.getByRole("alertdialog")).toContainText(
        "These hours close Smash Stack now",
      );
      const customer = await apiNewCustomer(request, "Hana Hours");
      const vendor = await (await request.get(`/api/vendors/${smash}`)).json();
      expect(vendor.status).toBe("open");

      await page.getByRole("button", { name: "Save and close now" }).click();
      await expect(page.getByTestId("trailer-state")).toHaveText("Closed");
      await expect(page.getByTestId("trailer-status-line")).toHaveText(`Opens ${opensLabel}`);
      await expect(page.getByRole("complementary")).toContainText(
        `Opening hours none → Mon–Sun ${opens}–${closes}`,
      );
      await page.screenshot({ path: "test-results/park-day-trailers-hours.png", fullPage: false });

      const { context: customerContext, page: phone } = await signedInContext(browser, customer, {
        viewport: { width: 390, height: 844 },
      });
      await phone.goto(`/vendor/${smash}`);
      await expect(phone.locator(".vendor-hero .status-badge")).toHaveText("Closed");
      await expect(phone.locator(".vendor-hero").getByTestId("trading-line")).toHaveText(
        `Opens ${opensLabel}`,
      );

      // Every toast is recorded as it appears: it shows for 4 s, and on a loaded machine the tablet's main thread was
      // seen busy for longer than that right after this change (the toast painted, then gone before a check ran).
      await page.evaluate(() => {
        const shown: string[] = [];
        (window as unknown as { toastsShown: string[] }).toastsShown = shown;
        new MutationObserver(() => {
          for (const toast of document.querySelectorAll(".toast-host .toast"))
            if (!shown.includes(toast.textContent ?? "")) shown.push(toast.textContent ?? "");
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await page.getByRole("button", { name: "Open", exact: true }).click();
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { toastsShown: string[] }).toastsShown.join("\n"),
          ),
        )
        .toContain(`Smash Stack is open. Its opening hours take over again at ${opensLabel}.`);
      await expect(page.getByTestId("trailer-state")).toHaveText("Open");
      await expect(page.getByTestId("trailer-status-line")).toHaveText(
        `outside its hours until ${opensLabel}`,
      );
      await phone.reload();
      await expect(phone.locator(".vendor-hero .status-badge")).toHaveText("Open Now");
      await expect(phone.locator(".vendor-hero").getByTestId("trading-line")).toHaveText(
        `Closes ${closesLabel}`,
      );
      await phone.screenshot({ path: "test-results/park-day-menu-closes.png" });
      await customerContext.close();
    } finally {
      await reset();
      await context.close();
    }
  });
});

async function itemIdByName(request: APIRequestContext, vendorId: number, name: string) {
  return (await menuOf(request, vendorId)).find((item) => item.name === name)!.id;
}

async function addPlain(
  request: APIRequestContext,
  session: Session,
  vendorId: number,
  itemId: number,
  quantity = 1,
) {
  const added = await request.post("/api/cart/add", {
    headers: auth(session),
    data: { itemId, vendorId, quantity },
  });
  expect(added.status(), await added.text()).toBe(200);
}

test.describe("a paused trailer or a sold-out line cannot be bought", () => {
  test("paused: no '+ Add' on the menu, no 'Add to Cart' on the item page, and the same 'Busy — back at' line in menu, item page and cart", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    // A trailer no other test of this project orders from: the others add to Forno & Fuoco at the same time, and a
    // pause would refuse them.
    const paused = await vendorIdBySlug(request, staff, "green-bowl");
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const bowl = (await plainItem(request, paused)).id;
    const burger = await plainItem(request, smash);
    const customer = await apiNewCustomer(request, "Paula Paused");
    await addPlain(request, customer, paused, bowl);
    await addPlain(request, customer, smash, burger.id);
    const pause = await request.patch(`/api/staff/trailers/${paused}`, {
      headers: auth(staff),
      data: { status: "paused", pauseMinutes: 15 },
    });
    const { pausedUntil } = (await pause.json()) as { pausedUntil: string };
    const back = `Busy — back at ${parkClock.format(new Date(pausedUntil))}`;
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto(`/vendor/${paused}`);
      await expect(page.locator(".vendor-hero .status-badge")).toHaveText("Closed");
      await expect(page.locator(".vendor-hero").getByTestId("trading-line")).toHaveText(back);
      await expect(page.locator(".menu-item").first()).toBeVisible();
      await expect(page.getByRole("button", { name: /^Add / })).toHaveCount(0);
      await expect(page.getByText("+ Add", { exact: true })).toHaveCount(0);

      await page.goto(`/vendor/${paused}/item/${bowl}`);
      await expect(page.getByTestId("item-bar-stopped")).toHaveText(
        `The Green Bowl is not taking orders · ${back}`,
      );
      await expect(page.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
      await expect(page.locator(".item-info__trading").getByTestId("trading-line")).toHaveText(
        back,
      );
      await page.screenshot({ path: "test-results/park-day-item-paused.png" });

      await page.goto("/cart");
      const section = page.locator(".basket-section", { hasText: "The Green Bowl" });
      await expect(section.locator(".status-badge")).toHaveText("Closed");
      await expect(section.getByTestId("trading-line")).toHaveText(back);
    } finally {
      await request.patch(`/api/staff/trailers/${paused}`, {
        headers: auth(staff),
        data: { status: "open" },
      });
      await context.close();
    }
  });

  test("a line that sold out leaves the total, is shown apart and is removed in one tap", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = await vendorIdBySlug(request, staff, "forno-fuoco");
    const limonata = await itemIdByName(request, forno, "San Pellegrino Limonata");
    const customer = await apiNewCustomer(request, "Sol Soldout");
    await addPlain(request, customer, forno, limonata, 2);
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    try {
      const plain = await plainItem(request, forno, limonata);
      await addPlain(request, customer, forno, plain.id);
      await request.patch(`/api/staff/menu-items/${limonata}`, {
        headers: auth(staff),
        data: { soldOut: true },
      });
      const cart = await (
        await request.get(`/api/cart?vendorId=${forno}`, { headers: auth(customer) })
      ).json();
      await page.goto("/cart");
      const apart = page.getByTestId("cart-sold-out");
      await expect(apart).toContainText("Sold out — not in your total");
      await expect(apart).toContainText("San Pellegrino Limonata");
      await expect(page.locator(".checkout-bar, .action-bar").last()).toContainText(
        pounds(cart.totalPence),
      );
      await apart.getByRole("button", { name: "Remove San Pellegrino Limonata" }).click();
      await expect(page.getByTestId("cart-sold-out")).toHaveCount(0);
    } finally {
      await request.patch(`/api/staff/menu-items/${limonata}`, {
        headers: auth(staff),
        data: { soldOut: false },
      });
      await context.close();
    }
  });
});

test.describe("screens follow the server", () => {
  test("the cash screen keeps its title, 'What's Next?' and 'Track your order', and follows the order live: paid, preparing, then a full-screen Ready", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = await vendorIdBySlug(request, staff, "forno-fuoco");
    const customer = await apiNewCustomer(request, "Cash Follow");
    await addPlain(request, customer, forno, (await plainItem(request, forno)).id);
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto("/cart");
    await page.getByRole("radio", { name: "No", exact: true }).check();
    await page.getByRole("radio", { name: /Cash at the counter/ }).check();
    await page.getByRole("button", { name: /^Place Order/ }).click();
    await expect(page).toHaveURL("/pay-cash-at-counter");
    await expect(page.locator(".cash-hero__title")).toContainText(/^Pay £\d+\.\d\d at /);
    const track = await page.getByRole("link", { name: "Track your order" }).getAttribute("href");
    const orderId = Number(track!.split("/").pop());

    await staffMoves(request, staff, orderId, "confirmed");
    await expect(page.getByTestId("cash-stage")).toHaveText("Paid — the kitchen has your order");
    await expect(page.getByText(/^Pay £/)).toHaveCount(0);
    await staffMoves(request, staff, orderId, "preparing");
    await expect(page.getByTestId("cash-stage")).toHaveText("Preparing your order");
    await staffMoves(request, staff, orderId, "ready");
    const moment = page.getByRole("alertdialog", { name: "Ready for Pickup" });
    await expect(moment).toBeVisible();
    await expect(moment).toContainText(`Order #${orderId}`);
    await page.screenshot({ path: "test-results/park-day-cash-ready.png" });
    await moment.getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("heading", { name: "Pay cash at counter" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What's Next?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Track your order" })).toBeVisible();
    await context.close();
  });

  test("the confirmation of a two-trailer card payment lists both orders and the total charged", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = await vendorIdBySlug(request, staff, "forno-fuoco");
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const customer = await apiNewCustomer(request, "Bea Basket");
    await addPlain(request, customer, forno, (await plainItem(request, forno)).id);
    await addPlain(request, customer, smash, (await plainItem(request, smash)).id);
    const basket = await (
      await request.get("/api/cart/basket", { headers: auth(customer) })
    ).json();
    const started = await request.post("/api/checkout", {
      headers: { ...auth(customer), "Idempotency-Key": `e2e-basket-${Date.now()}` },
      data: {
        vendorIds: [forno, smash],
        orderType: "takeaway",
        paymentMethod: "stripe",
        totalPence: basket.totals.totalPence,
      },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { payment } = (await started.json()) as { payment: { paymentIntentId: string } };
    await request.post(`/pay/test-checkout/${payment.paymentIntentId}`, {
      form: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
      maxRedirects: 0,
    });
    const orders = (
      (await (await request.get("/api/orders", { headers: auth(customer) })).json()) as {
        data: { id: number }[];
      }
    ).data
      .map((order) => order.id)
      .sort((a, b) => a - b);
    expect(orders).toHaveLength(2);
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`/order-confirmation/${orders[0]}`);
    const list = page.getByRole("region", { name: "2 orders in this payment" });
    await expect(list).toContainText(`Forno & Fuoco · #ORD${orders[0]}`);
    await expect(list).toContainText(`Smash Stack · #ORD${orders[1]}`);
    await expect(page.getByTestId("total-charged")).toHaveText(
      `Total charged ${pounds(basket.totals.totalPence)}`,
    );
    await page.screenshot({ path: "test-results/park-day-confirmation.png", fullPage: true });
    await context.close();
  });

  test("the cart shows each trailer's ready time, a full slot's delay included", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const burger = await plainItem(request, smash);
    await request.patch(`/api/staff/trailers/${smash}`, {
      headers: auth(staff),
      data: { slotCap: 1, pauseWhenFull: false },
    });
    try {
      const first = await apiNewCustomer(request, "Slot Filler");
      await placeCashOrder(request, first, smash, [{ itemId: burger.id }]);
      const customer = await apiNewCustomer(request, "Slot Later");
      await addPlain(request, customer, smash, burger.id);
      const vendor = (await (await request.get(`/api/vendors/${smash}`)).json()) as {
        preparationTime: { min: number; max: number };
      };
      const cart = (await (
        await request.get(`/api/cart?vendorId=${smash}`, { headers: auth(customer) })
      ).json()) as { vendor_info: { preparationTime: { min: number; max: number } } };
      const shifted = cart.vendor_info.preparationTime;
      expect(shifted.min).toBeGreaterThan(vendor.preparationTime.min);
      const { context, page } = await signedInContext(browser, customer, {
        viewport: { width: 390, height: 844 },
      });
      await page.goto("/cart");
      await expect(page.getByTestId("ready-in")).toHaveText(
        `Ready in ${shifted.min}-${shifted.max} min`,
      );
      await context.close();
    } finally {
      await request.patch(`/api/staff/trailers/${smash}`, {
        headers: auth(staff),
        data: { slotCap: null },
      });
    }
  });
});

test.describe("Order Again", () => {
  test("from My Orders: every trailer of a basket order comes back, a sold-out line is named, and a cash repeat takes ≤ 5 taps", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = await vendorIdBySlug(request, staff, "forno-fuoco");
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const limonata = await itemIdByName(request, forno, "San Pellegrino Limonata");
    const pizzaPlain = await plainItem(request, forno, limonata);
    const burger = await plainItem(request, smash);
    const customer = await apiNewCustomer(request, "Ollie Again");
    await addPlain(request, customer, forno, limonata);
    await addPlain(request, customer, forno, pizzaPlain.id);
    await addPlain(request, customer, smash, burger.id);
    const basket = await (
      await request.get("/api/cart/basket", { headers: auth(customer) })
    ).json();
    const placed = await request.post("/api/checkout", {
      headers: { ...auth(customer), "Idempotency-Key": `e2e-again-${Date.now()}` },
      data: {
        vendorIds: [forno, smash],
        orderType: "takeaway",
        paymentMethod: "cash_at_counter",
        totalPence: basket.totals.totalPence,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await request.patch(`/api/staff/menu-items/${limonata}`, {
      headers: auth(staff),
      data: { soldOut: true },
    });
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    let taps = 0;
    const tap = async (locator: ReturnType<typeof page.getByRole>) => {
      taps += 1;
      await locator.click();
    };
    try {
      await page.goto("/orders");
      const card = page
        .locator("article.order-card")
        .filter({ has: page.getByRole("heading", { name: "Smash Stack" }) });
      await tap(card.getByRole("button", { name: "Order Again" }));
      await expect(page).toHaveURL("/cart");
      await expect(
        page.getByText("Sold out or not available, not added: San Pellegrino Limonata"),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Forno & Fuoco" })).toContainText(
        pizzaPlain.name,
      );
      await expect(page.getByRole("region", { name: "Smash Stack" })).toContainText(burger.name);
      // The car-delivery answer and the payment method come from the order repeated.
      await expect(page.getByRole("radio", { name: "No", exact: true })).toBeChecked();
      await expect(page.getByRole("radio", { name: /Cash at the counter/ })).toBeChecked();
      await tap(page.getByRole("button", { name: /^Place Order/ }));
      await expect(page).toHaveURL("/pay-cash-at-counter");
      expect(taps).toBeLessThanOrEqual(5);
    } finally {
      await request.patch(`/api/staff/menu-items/${limonata}`, {
        headers: auth(staff),
        data: { soldOut: false },
      });
      await context.close();
    }
  });

  test("from the order page's main view: a card repeat takes ≤ 7 taps", async ({
    browser,
    request,
  }) => {
    const [vendor] = await openVendors(request);
    const item = await plainItem(request, vendor!.id);
    const customer = await apiNewCustomer(request, "Carla Again");
    const { orderId } = await placeCardOrder(request, customer, vendor!.id, item.id);
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    let taps = 0;
    const tap = async (locator: ReturnType<typeof page.getByRole>) => {
      taps += 1;
      await locator.click();
    };
    const type = async (label: string, text: string) => {
      taps += 1;
      await page.getByLabel(label).fill(text);
    };
    await page.goto(`/order/${orderId}`);
    await tap(page.locator(".order-page__again").getByRole("button", { name: "Order Again" }));
    await expect(page).toHaveURL("/cart");
    await tap(page.getByRole("button", { name: /^Proceed to Payment/ }));
    await tap(page.getByRole("button", { name: "Start Payment" }));
    await type("Card number", "4242 4242 4242 4242");
    await type("Expiry (MM / YY)", "12 / 34");
    await type("CVC", "123");
    await tap(page.getByRole("button", { name: /^Pay £/ }));
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 15_000 });
    expect(taps).toBeLessThanOrEqual(7);
    await context.close();
  });
});

test.describe("staff commands and staff routing", () => {
  test("staff:add refuses the embedded database the running server holds, says how, and writes nothing", async ({
    request,
  }) => {
    const { spawnSync } = await import("node:child_process");
    const email = `e2e-locked-${Date.now()}@park.example`;
    const run = spawnSync(
      process.execPath,
      ["dist/server/staff-add.js", email, "--trailer", "forno-fuoco"],
      {
        env: {
          ...process.env,
          DATA_DIR: process.env.E2E_DATA_DIR,
          STAFF_PASSWORD: "a-long-password",
        },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is in use by another process");
    expect(run.stderr).toContain("stop the server");
    expect(run.stdout).not.toContain("Created");
    const login = await request.post("/auth/login", {
      data: { email, password: "a-long-password" },
    });
    expect(login.status()).toBe(401);
  });

  test("'/' sends a staff account on to /staff; the staff bar's account menu stays in the staff area", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 820, height: 1180 },
    });
    await page.goto("/");
    await expect(page).toHaveURL("/staff");
    await page.getByText("Account", { exact: true }).click();
    await expect(page.getByText(STAFF.email)).toBeVisible();
    await expect(page.locator('a[href="/profile"]')).toHaveCount(0);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");
    await context.close();
  });
});

test.describe("smaller rows", () => {
  test("the estimated time follows the spec's rule: a future estimatedDeliveryTime gives n-(n+5) minutes", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const forno = await vendorIdBySlug(request, staff, "forno-fuoco");
    const customer = await apiNewCustomer(request, "Eta Rule");
    const order = await placeCashOrder(request, customer, forno, [
      { itemId: (await plainItem(request, forno)).id },
    ]);
    await staffMoves(request, staff, order.id, "confirmed");
    const placed = (await (
      await request.get(`/api/orders/${order.id}`, { headers: auth(customer) })
    ).json()) as { estimatedDeliveryTime: string };
    const { context, page } = await signedInContext(browser, customer);
    await page.goto(`/order/${order.id}`);
    const n = Math.ceil((Date.parse(placed.estimatedDeliveryTime) - Date.now()) / 60_000);
    await expect(page.locator(".order-summary__eta strong")).toHaveText(
      new RegExp(`^(${n}-${n + 5}|${n - 1}-${n + 4}) minutes$`),
    );
    await context.close();
  });

  test("the voice-search button is there without a speech API, says so, and the problem reaches the Android host", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      const scope = window as unknown as Record<string, unknown>;
      delete scope.SpeechRecognition;
      delete scope.webkitSpeechRecognition;
      const errors: string[] = [];
      scope.hostErrors = errors;
      scope.FoodParkAndroid = { onError: (message: string) => errors.push(message), log: () => {} };
    });
    const { request } = context;
    const customer = await apiNewCustomer(request, "Vera Voice");
    const page = await context.newPage();
    await page.goto("/login");
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem("authToken", token);
        localStorage.setItem("user", JSON.stringify(user));
      },
      [customer.token, customer.user] as const,
    );
    const [vendor] = await openVendors(request);
    await page.goto(`/vendor/${vendor!.id}`);
    await page.getByRole("button", { name: "Search by voice" }).click();
    await expect(page.getByText("Voice search is not available on this device.")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { hostErrors: string[] }).hostErrors))
      .toContainEqual(expect.stringContaining("Voice search is not available on this device."));

    // The menu's add-to-cart failure banner (a polite status region) is forwarded too.
    await page.route(/\/api\/cart\/add/, (route) =>
      route.fulfill({ status: 409, json: { message: "This trailer is busy" } }),
    );
    const plain = await plainItem(request, vendor!.id);
    await page.getByRole("button", { name: `Add ${plain.name}` }).click();
    await expect(page.locator(".cart-banner--error")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { hostErrors: string[] }).hostErrors))
      .toContainEqual(expect.stringContaining("Error"));
    await context.close();
  });

  test("reopening the payment page restores its payment (not 'Missing orderData or orderId')", async ({
    browser,
    request,
  }) => {
    const [vendor] = await openVendors(request);
    const item = await plainItem(request, vendor!.id);
    const customer = await apiNewCustomer(request, "Remi Reopen");
    await addPlain(request, customer, vendor!.id, item.id);
    const cart = await (
      await request.get(`/api/cart?vendorId=${vendor!.id}`, { headers: auth(customer) })
    ).json();
    const intent = await request.post("/api/payments/stripe/create-intent", {
      headers: auth(customer),
      data: {
        orderData: { vendorId: vendor!.id, orderType: "takeaway", items: [] },
        amount: cart.total,
        currency: "gbp",
      },
    });
    const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`/stripe-webview-payment?payment_id=${paymentIntentId}`);
    await expect(page.getByText("Missing orderData or orderId")).toHaveCount(0);
    await expect(page.locator(".pay-summary__amount-value")).toHaveText(pounds(cart.totalPence));
    await expect(page.getByRole("button", { name: "Continue Payment" })).toBeVisible();
    await request.post(`/pay/test-checkout/${paymentIntentId}`, {
      form: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
      maxRedirects: 0,
    });
    await expect(page).toHaveURL(/\/(payment-success|order-confirmation)/, { timeout: 15_000 });
    await context.close();
  });

  test("staff tablet: every trailer chip in view, the record near the top, the running pause marked with '+15 min', a double tap sent once", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const smash = await vendorIdBySlug(request, staff, "smash-stack");
    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 820, height: 1180 },
    });
    try {
      await page.goto("/staff/trailers");
      const chips = page.locator(".trailer-chip");
      await expect(chips.first()).toBeVisible();
      for (const box of await chips.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().right),
      ))
        expect(box).toBeLessThanOrEqual(820);
      const record = await page.getByRole("heading", { name: "Latest changes" }).boundingBox();
      expect(record!.y).toBeLessThan(1180);
      await page.getByRole("button", { name: /^Smash Stack/ }).click();
      await page.getByRole("button", { name: "Pause 30 min" }).click();
      await expect(page.getByRole("button", { name: "Pause 30 min · on" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      const before = (await (await request.get(`/api/vendors/${smash}`)).json()).busyUntil;
      // A double tap extends once: the second tap lands before the buttons disable, and sends nothing.
      const changes: string[] = [];
      page.on("request", (sent) => {
        if (sent.method() === "PATCH" && sent.url().includes("/staff/trailers/"))
          changes.push(sent.url());
      });
      await page.getByRole("button", { name: "+15 min" }).dblclick();
      await expect
        .poll(async () => (await (await request.get(`/api/vendors/${smash}`)).json()).busyUntil)
        .toBe(new Date(Date.parse(before) + 15 * 60_000).toISOString());
      await expect(page.getByRole("button", { name: "Pause 45 min · on" })).toBeVisible();
      expect(changes).toHaveLength(1);
      await page.screenshot({ path: "test-results/park-day-trailers-tablet.png" });
    } finally {
      await request.patch(`/api/staff/trailers/${smash}`, {
        headers: auth(staff),
        data: { status: "open" },
      });
      await context.close();
    }
  });

  test("staff tablet offline: the Trailers screen says so and takes no change until it is back", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const { context, page } = await signedInContext(browser, staff, {
      viewport: { width: 1180, height: 820 },
    });
    try {
      await page.goto("/staff/trailers");
      await page.getByRole("button", { name: /^Smash Stack/ }).click();
      const pause = page.getByRole("button", { name: "Pause 30 min" });
      const vatRate = page.getByRole("combobox", { name: /^VAT rate of / }).first();
      const saveBusiness = page.getByRole("button", { name: "Save business details" });
      await expect(pause).toBeEnabled();
      await expect(vatRate).toBeEnabled();
      await context.setOffline(true);
      await expect(
        page.getByRole("status").filter({ hasText: "Offline — reconnecting" }),
      ).toBeVisible();
      await expect(pause).toBeDisabled();
      await expect(page.getByRole("button", { name: "Close", exact: true })).toBeDisabled();
      // The manager's panels too: a VAT rate or business details chosen offline is not sent later either.
      await expect(vatRate).toBeDisabled();
      await expect(saveBusiness).toBeDisabled();
      await page.screenshot({ path: "test-results/park-day-trailers-offline.png" });
      await context.setOffline(false);
      await expect(
        page.getByRole("status").filter({ hasText: "Offline — reconnecting" }),
      ).toBeHidden();
      await expect(pause).toBeEnabled();
      await expect(vatRate).toBeEnabled();
      await expect(saveBusiness).toBeEnabled();
    } finally {
      await context.close();
    }
  });

  test("cart add-on lines read as phrases at phone width, never one word per line", async ({
    browser,
    request,
  }) => {
    const [vendor] = await openVendors(request);
    const customer = await apiNewCustomer(request, "Adi Addons");
    const menu = await menuOf(request, vendor!.id);
    // placeCashOrder fills the cart with add-ons (and extras); the order is then cancelled-free: we read the cart first.
    let withAddons: number | null = null;
    for (const item of menu) {
      const groups = (await (await request.get(`/api/menu-items/${item.id}/addon-groups`)).json())
        .addonGroups as { id: number; name: string; addons: { id: number }[] }[];
      const chosen = groups.filter((group) => group.addons.length > 0).slice(0, 3);
      if (chosen.length < 2) continue;
      const added = await request.post("/api/cart/add-with-addons", {
        headers: auth(customer),
        data: {
          itemId: item.id,
          vendorId: vendor!.id,
          quantity: 1,
          orderType: "takeaway",
          addonSelections: chosen.map((group) => ({
            addonGroupId: group.id,
            addonId: group.addons[0]!.id,
            quantity: 1,
          })),
        },
      });
      if (added.status() === 200) {
        withAddons = item.id;
        break;
      }
    }
    expect(withAddons).not.toBeNull();
    const { context, page } = await signedInContext(browser, customer, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto("/cart");
    const rows = page.locator(".cart-line__addons .addon-list__row");
    await expect(rows.first()).toBeVisible();
    for (const height of await rows.evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().height),
    ))
      expect(height).toBeLessThan(50);
    await page.screenshot({ path: "test-results/park-day-cart-addons.png" });
    await context.close();
  });
});

test.describe("create-intent with only orderId", () => {
  test("pays the caller's own unpaid cash order by card; paid → 409, another customer's → 404", async ({
    request,
  }) => {
    const [vendor] = await openVendors(request);
    const customer = await apiNewCustomer(request, "Oona OrderId");
    const order = await placeCashOrder(request, customer, vendor!.id, [
      { itemId: (await plainItem(request, vendor!.id)).id },
    ]);
    const { total } = (await (
      await request.get(`/api/orders/${order.id}`, { headers: auth(customer) })
    ).json()) as { total: number };
    const body = { orderId: order.id, amount: total, currency: "gbp" };
    const other = await apiNewCustomer(request, "Not Mine");
    expect(
      (
        await request.post("/api/payments/stripe/create-intent", {
          headers: auth(other),
          data: body,
        })
      ).status(),
    ).toBe(404);
    const intent = await request.post("/api/payments/stripe/create-intent", {
      headers: auth(customer),
      data: body,
    });
    expect(intent.status(), await intent.text()).toBe(200);
    const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
    await request.post(`/pay/test-checkout/${paymentIntentId}`, {
      form: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" },
      maxRedirects: 0,
    });
    const after = (await (
      await request.get(`/api/orders/${order.id}`, { headers: auth(customer) })
    ).json()) as { status: string; paymentMethod: string };
    expect(after).toMatchObject({ status: "confirmed", paymentMethod: "stripe" });
    const again = await request.post("/api/payments/stripe/create-intent", {
      headers: auth(customer),
      data: body,
    });
    expect(again.status()).toBe(409);
  });
});
