import { randomBytes } from "node:crypto";
import type { KitchenTicketsResponse } from "@contract/kitchen";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  placeCashOrder,
  roomJoined,
  type Session,
  STAFF,
  signedInPage,
  staffMoves,
} from "./order-helpers";

/**
 * The kitchen screen, the pickup board and the customer's phone side by side, on the real server. Each test works on
 * a trailer of its own (by name) so that other files' orders never ring or show here.
 */

const TABLET = { width: 1180, height: 820 };
/** The phone's toast rule (src/lib/toast-store.ts DUPLICATE_WINDOW_MS): the same toast again within 3 s is dropped. */
const TOAST_DUPLICATE_WINDOW_MS = 3_000;
const PHONE = { width: 390, height: 844 };
const TV = { width: 1920, height: 1080 };

/** Counts the kitchen's and the board's chimes: every audible play() of the app's chime file. */
const COUNT_CHIMES = () => {
  const win = window as unknown as { chimes: number };
  win.chimes = 0;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!this.muted && this.src.includes("kitchen-chime")) win.chimes += 1;
    return play.call(this);
  };
};
const chimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { chimes: number }).chimes);

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

async function vendorNamed(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get("/api/vendors/list?limit=20");
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  return data.find((vendor) => vendor.name === name)!.id;
}

async function serverTickets(request: APIRequestContext, staff: Session, vendorId: number) {
  const response = await request.get(`/api/staff/kitchen/tickets?vendorId=${vendorId}`, {
    headers: auth(staff),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as KitchenTicketsResponse).data;
}

async function ticketStatus(
  request: APIRequestContext,
  staff: Session,
  vendorId: number,
  orderId: number,
) {
  return (await serverTickets(request, staff, vendorId)).find(
    (ticket) => ticket.orderId === orderId,
  )?.status;
}

/** A kitchen tablet signed in as the demo staff account, showing one trailer, sound unlocked by a first tap. */
async function kitchenTablet(
  browser: Browser,
  staff: Session,
  vendorId: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET });
  await context.addInitScript(COUNT_CHIMES);
  const page = await signedInPage(context, staff);
  await page.evaluate((id) => localStorage.setItem("staffBoardVendor", String(id)), vendorId);
  const joined = roomJoined(page, "staff");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Kitchen", level: 1 })).toBeVisible();
  await joined;
  // The first tap after sign-in unlocks sound.
  await page.getByRole("heading", { name: "Kitchen", level: 1 }).click();
  // Tickets from earlier tests on this trailer: seen already.
  const acknowledge = page
    .locator(".kitchen-banner--new")
    .getByRole("button", { name: "Acknowledge" });
  if (await acknowledge.isVisible()) await acknowledge.click();
  return { context, page };
}

const ticketOf = (page: Page, orderId: number): Locator =>
  page.locator(`article.ticket[data-order-id="${orderId}"]`);
const laneOf = (page: Page, lane: string): Locator => page.locator(`section[data-lane="${lane}"]`);

test.describe("kitchen screen", () => {
  test("a new order rings every 5 s until acknowledged; a cash order shows what to take and its first step stops the ring", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const vendorId = await vendorNamed(request, "Taco Libre");
    const [item] = await menuOf(request, vendorId);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const customer = await apiNewCustomer(request, "Rita Ringer");
    const { context, page } = await kitchenTablet(browser, staff, vendorId);
    const banner = page.locator(".kitchen-banner--new");
    await expect(banner).toBeHidden();
    const quiet = await chimes(page);

    const first = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    await expect(banner).toContainText(`#${first.id}`, { timeout: 5_000 });
    await expect(banner).toContainText("cash: customer on the way");
    await expect(ticketOf(page, first.id).locator(".ticket__to-pay")).toHaveText(
      /^To pay £\d+\.\d\d$/,
    );
    await expect(ticketOf(page, first.id).locator(".ticket__name")).toHaveText("Rita");
    await expect.poll(() => chimes(page)).toBeGreaterThan(quiet);
    const atStart = await chimes(page);
    // Every 5 s while nobody answers: two more chimes in a little over 10 s.
    await page.waitForTimeout(10_600);
    expect(await chimes(page)).toBeGreaterThanOrEqual(atStart + 2);
    expect(await chimes(page)).toBeLessThanOrEqual(atStart + 3);

    await banner.getByRole("button", { name: "Acknowledge" }).click();
    await expect(banner).toBeHidden();
    const acknowledged = await chimes(page);
    await page.waitForTimeout(6_000);
    expect(await chimes(page)).toBe(acknowledged);

    // The next order rings again, and its first step ("Cash taken") answers it.
    const second = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    await expect(banner).toContainText(`#${second.id}`, { timeout: 5_000 });
    await expect.poll(() => chimes(page)).toBeGreaterThan(acknowledged);
    await ticketOf(page, second.id).getByRole("button", { name: "Cash taken" }).click();
    await expect(banner).toBeHidden();
    await expect(ticketOf(page, second.id).getByRole("button", { name: "Start" })).toBeVisible();
    const answered = await chimes(page);
    await page.waitForTimeout(5_500);
    expect(await chimes(page)).toBe(answered);
    await page.screenshot({ path: "test-results/kitchen-ring.png" });
    await context.close();
  });

  test("one tap per step: a double tap moves one step, Ready reaches the phone and the board within 2 s, undo and recall go back", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const vendorId = await vendorNamed(request, "The Codfather");
    const [item] = await menuOf(request, vendorId);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const customer = await apiNewCustomer(request, "Penny Phone");
    const order = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);

    const phoneContext = await browser.newContext({ viewport: PHONE });
    const phone = await signedInPage(phoneContext, customer);
    const phoneJoined = roomJoined(phone);
    await phone.goto(`/order/${order.id}`);
    await expect(phone.locator(".status-banner")).toHaveText("Pending Payment");
    await phoneJoined;

    const boardContext = await browser.newContext({ viewport: TV });
    await boardContext.addInitScript(COUNT_CHIMES);
    const board = await signedInPage(boardContext, staff);
    const boardJoined = roomJoined(board, "board");
    await board.goto(`/staff/board?trailer=${vendorId}`);
    await expect(board.getByRole("heading", { name: "Ready for collection" })).toBeVisible();
    await boardJoined;
    await board.getByRole("heading", { name: "Preparing" }).click();
    const boardReady = board.getByRole("list", { name: "Orders ready for collection" });
    const boardPreparing = board.getByRole("list", { name: "Orders being prepared" });

    const { context, page } = await kitchenTablet(browser, staff, vendorId);
    const ticket = ticketOf(page, order.id);
    await ticket.getByRole("button", { name: "Cash taken" }).click();
    await expect(phone.locator(".status-banner")).toHaveText("Order Confirmed", { timeout: 2_000 });
    await expect(page.locator(".undo-bar")).toContainText(`#${order.id} cash taken`);

    // Two taps 300 ms apart on the same spot: one step only (the ticket moves on, nothing under the finger moves).
    await page.waitForTimeout(900);
    const start = ticket.getByRole("button", { name: "Start" });
    const spot = (await start.boundingBox())!;
    await page.mouse.click(spot.x + spot.width / 2, spot.y + spot.height / 2);
    await page.waitForTimeout(300);
    await page.mouse.click(spot.x + spot.width / 2, spot.y + spot.height / 2);
    await expect(laneOf(page, "preparing").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(await ticketStatus(request, staff, vendorId, order.id)).toBe("preparing");
    await expect(phone.locator(".status-banner")).toHaveText("Preparing Order");
    await expect(boardPreparing).toContainText(`#${order.id}`, { timeout: 2_000 });

    // Ready: the phone and the board within 2 s of the tap; the board chimes.
    // A double tap on the button itself: the second tap is ignored while the first is on its way.
    const boardChimes = await chimes(board);
    await ticket.getByRole("button", { name: "Ready" }).dblclick();
    const tapped = Date.now();
    await expect(phone.locator(".status-banner")).toHaveText("Ready for Pickup", {
      timeout: 2_000,
    });
    await expect(boardReady).toContainText(`#${order.id}`, {
      timeout: Math.max(1, 2_000 - (Date.now() - tapped)),
    });
    expect(Date.now() - tapped).toBeLessThanOrEqual(2_000);
    expect(await ticketStatus(request, staff, vendorId, order.id)).toBe("ready");

    // Undo within 5 s: back to Preparing, and the customer follows.
    await page.locator(".undo-bar").getByRole("button", { name: /Undo/ }).click();
    await expect(laneOf(page, "preparing").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await expect(phone.locator(".status-banner")).toHaveText("Preparing Order", { timeout: 2_000 });
    await expect(boardPreparing).toContainText(`#${order.id}`, { timeout: 2_000 });
    expect(await ticketStatus(request, staff, vendorId, order.id)).toBe("preparing");

    // Ready again, then Collected: the ticket leaves the screen; Recall brings it back to Ready.
    // The phone suppresses a toast identical to one shown within 3 s (the spec's toast rule): the second Ready comes
    // after that, so its toast shows.
    await page.waitForTimeout(
      Math.max(900, TOAST_DUPLICATE_WINDOW_MS + 200 - (Date.now() - tapped)),
    );
    await ticket.getByRole("button", { name: "Ready" }).click();
    await expect(laneOf(page, "ready").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    // The board chimed when the number turned ready.
    await expect.poll(() => chimes(board)).toBeGreaterThan(boardChimes);
    // The phone showed the Ready toast and said so: the ticket reads "customer notified".
    await expect(
      phone.getByRole("status").filter({ hasText: "is ready for pickup" }).first(),
    ).toBeVisible();
    await expect(ticket.locator(".ticket__notified")).toHaveText("customer notified (toast)", {
      timeout: 5_000,
    });
    await page.waitForTimeout(900);
    await ticket.getByRole("button", { name: "Collected" }).click();
    await expect(ticket).toBeHidden();
    await expect(phone.locator(".status-banner")).toHaveText("Order Completed", { timeout: 2_000 });
    await expect(boardReady).not.toContainText(`#${order.id}`, { timeout: 2_000 });
    await page.getByRole("button", { name: "Recall" }).click();
    const dialog = page.getByRole("dialog", { name: "Recall a ticket" });
    await dialog.getByRole("button", { name: `Back to Ready order #${order.id}` }).click();
    await expect(laneOf(page, "ready").locator(`[data-order-id="${order.id}"]`)).toBeVisible();
    await expect(phone.locator(".status-banner")).toHaveText("Ready for Pickup", {
      timeout: 2_000,
    });
    await expect(boardReady).toContainText(`#${order.id}`, { timeout: 2_000 });

    // Cancel sits behind More, with a reason; a cancelled ticket is never offered for recall.
    const other = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    const otherTicket = ticketOf(page, other.id);
    await expect(otherTicket).toBeVisible();
    await expect(otherTicket.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await otherTicket.getByRole("button", { name: "More" }).click();
    await otherTicket.getByRole("radio", { name: "Out of stock" }).check();
    await otherTicket.getByRole("button", { name: "Cancel order" }).click();
    await expect(otherTicket).toBeHidden();
    await page.getByRole("button", { name: "Recall" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText(`#${other.id}`);
    await page.keyboard.press("Escape");

    await page.screenshot({ path: "test-results/kitchen-steps.png" });
    await board.screenshot({ path: "test-results/kitchen-board.png" });
    await context.close();
    await phoneContext.close();
    await boardContext.close();
  });

  test("all-day counts sum what is still to make and follow each ticket live; search finds a ticket by number", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const vendorId = await vendorNamed(request, "The Green Bowl");
    const [item] = await menuOf(request, vendorId);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const customer = await apiNewCustomer(request, "Alma Allday");
    const { context, page } = await kitchenTablet(browser, staff, vendorId);
    const before = await serverTickets(request, staff, vendorId);
    const already = before
      .filter((ticket) => ticket.status !== "ready")
      .flatMap((ticket) => ticket.lines)
      .filter((line) => line.name === item!.name && !line.made)
      .reduce((sum, line) => sum + line.quantity, 0);
    const row = page
      .getByRole("list", { name: "Still to make" })
      .getByRole("listitem")
      .filter({
        hasText: new RegExp(`^\\d+ × ${item!.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      });

    const first = await placeCashOrder(request, customer, vendorId, [
      { itemId: item!.id, quantity: 2 },
    ]);
    const second = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    await expect(row).toContainText(`${already + 3} × ${item!.name}`, { timeout: 5_000 });

    // A line struck as made is no longer to make; a ticket marked ready leaves the count.
    await ticketOf(page, first.id)
      .getByRole("button", { name: new RegExp(item!.name) })
      .first()
      .click();
    await expect(
      ticketOf(page, first.id)
        .getByRole("button", { name: new RegExp(item!.name) })
        .first(),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(row).toContainText(`${already + 1} × ${item!.name}`);
    await staffMoves(request, staff, second.id, "confirmed", "preparing", "ready");
    if (already === 0) await expect(row).toHaveCount(0, { timeout: 5_000 });
    else await expect(row).toContainText(`${already} × ${item!.name}`, { timeout: 5_000 });

    // Search: one tap into the field, the number, the match.
    await page.getByRole("searchbox", { name: "Find order number" }).fill(String(second.id));
    await page
      .getByRole("list", { name: "Matching orders" })
      .getByRole("button", { name: `#${second.id}` })
      .click();
    await expect(ticketOf(page, second.id)).toBeInViewport();
    await expect(ticketOf(page, second.id)).toHaveClass(/ticket--found/);
    await context.close();
  });

  test("the tablet offline for a minute as orders arrive: it says so, refuses taps with a message, ages keep ticking into late, and shows exactly the server's tickets within 5 s of being back", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const vendorId = await vendorNamed(request, "Taco Libre");
    const [item] = await menuOf(request, vendorId);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const customer = await apiNewCustomer(request, "Otto Offline");
    // Late after 1 minute, very late after 2 (trailer settings): the colour change is seen in real time.
    const settings = await request.put(`/api/staff/kitchen/trailers/${vendorId}/settings`, {
      headers: auth(staff),
      data: { lateAfterMinutes: 1, veryLateAfterMinutes: 2 },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    try {
      const waiting = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
      const { context, page } = await kitchenTablet(browser, staff, vendorId);
      const ticket = ticketOf(page, waiting.id);
      const age = ticket.locator(".ticket-age");
      await expect(age).toHaveAttribute("data-tone", "on_time");
      const firstAge = await age.locator(".ticket-age__time").textContent();
      expect(firstAge).toMatch(/^\d\d:\d\d$/);
      await expect(age.locator(".ticket-age__time")).not.toHaveText(firstAge!, { timeout: 3_000 });

      await context.setOffline(true);
      const offlineAt = Date.now();
      await expect(page.getByText("Offline — reconnecting")).toBeVisible();
      await ticket.getByRole("button", { name: "Cash taken" }).click();
      await expect(page.getByText("Not sent: this tablet is offline").first()).toBeVisible();
      await expect(ticket.getByRole("button", { name: "Cash taken" })).toBeVisible();

      // While away: new orders, and another screen moves one along.
      const arrived = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
      const moved = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
      await staffMoves(request, staff, moved.id, "confirmed", "preparing");
      await page.waitForTimeout(10_000);
      await staffMoves(request, staff, waiting.id, "confirmed");
      // A minute old: late, by the tablet's own clock, offline.
      await expect(age).toHaveAttribute("data-tone", "late", { timeout: 70_000 });
      await expect(age).toContainText("late");
      await expect(page.getByText("Offline — reconnecting")).toBeVisible();
      await page.waitForTimeout(Math.max(0, offlineAt + 60_000 - Date.now()));

      await context.setOffline(false);
      const back = Date.now();
      const server = await serverTickets(request, staff, vendorId);
      for (const expected of server) {
        await expect(ticketOf(page, expected.orderId)).toHaveCount(1, { timeout: 5_000 });
        await expect(ticketOf(page, expected.orderId)).toHaveAttribute(
          "data-status",
          expected.status,
          {
            timeout: 5_000,
          },
        );
      }
      await expect(page.locator("article.ticket")).toHaveCount(server.length);
      expect(Date.now() - back).toBeLessThan(5_000);
      await expect(page.getByText("Offline — reconnecting")).toBeHidden();
      await expect(ticketOf(page, arrived.id)).toBeVisible();
      await expect(
        laneOf(page, "preparing").locator(`[data-order-id="${moved.id}"]`),
      ).toBeVisible();
      await page.screenshot({ path: "test-results/kitchen-back-online.png" });
      await context.close();
    } finally {
      await request.put(`/api/staff/kitchen/trailers/${vendorId}/settings`, {
        headers: auth(staff),
        data: { lateAfterMinutes: null, veryLateAfterMinutes: null },
      });
    }
  });

  test("a two-trailer basket: the quicker trailer's ticket waits in Later with its start time, both tickets name each other", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const chicken = await vendorNamed(request, "Seoul Bird");
    const coffee = await vendorNamed(request, "Bean Machine");
    const customer = await apiNewCustomer(request, "Bao Basket");
    const headers = auth(customer);
    let totalPence = 0;
    for (const vendorId of [chicken, coffee]) {
      const menu = (await (await request.get(`/api/vendors/${vendorId}/items`)).json()) as {
        items: {
          items: { id: string; has_required_addongroups: boolean; available?: boolean }[];
        }[];
      };
      const plain = menu.items
        .flatMap((group) => group.items)
        .find((entry) => !entry.has_required_addongroups && entry.available !== false)!;
      const added = await request.post("/api/cart/add", {
        headers,
        data: { itemId: plain.id, vendorId, quantity: 1 },
      });
      expect(added.status(), await added.text()).toBe(200);
      const cart = (await added.json()) as { subtotalPence: number; serviceChargePence: number };
      totalPence += cart.subtotalPence + (totalPence === 0 ? cart.serviceChargePence : 0);
    }
    const placed = await request.post("/api/checkout", {
      headers: { ...headers, "Idempotency-Key": `e2e-kitchen-${randomBytes(6).toString("hex")}` },
      data: {
        vendorIds: [chicken, coffee],
        orderType: "takeaway",
        paymentMethod: "cash_at_counter",
        totalPence,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orders } = (await placed.json()) as { orders: { id: number; vendorId: number }[] };
    const chickenOrder = orders.find((entry) => entry.vendorId === chicken)!;
    const coffeeOrder = orders.find((entry) => entry.vendorId === coffee)!;
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    // Cash taken for both parts (a cash basket is paid once at the till): the kitchen's clock starts.
    await staffMoves(request, staff, chickenOrder.id, "confirmed");
    await staffMoves(request, staff, coffeeOrder.id, "confirmed");

    const coffeeSide = await kitchenTablet(browser, staff, coffee);
    const coffeeTicket = ticketOf(coffeeSide.page, coffeeOrder.id);
    await expect(
      laneOf(coffeeSide.page, "later").locator(`[data-order-id="${coffeeOrder.id}"]`),
    ).toBeVisible();
    await expect(coffeeTicket.locator(".ticket__start")).toHaveText(/^Start at \d\d:\d\d$/);
    await expect(coffeeTicket.locator(".ticket__siblings")).toContainText(
      `Seoul Bird #${chickenOrder.id}`,
    );

    const chickenSide = await kitchenTablet(browser, staff, chicken);
    const chickenTicket = ticketOf(chickenSide.page, chickenOrder.id);
    await expect(
      laneOf(chickenSide.page, "new").locator(`[data-order-id="${chickenOrder.id}"]`),
    ).toBeVisible();
    await expect(chickenTicket.locator(".ticket__siblings")).toContainText(
      `Bean Machine #${coffeeOrder.id}`,
    );
    // Both parts are due together.
    await expect(chickenTicket.locator(".ticket__due")).toHaveText(
      (await coffeeTicket.locator(".ticket__due").textContent())!,
    );
    await coffeeSide.page.screenshot({ path: "test-results/kitchen-later.png" });

    // Each part's Ready, then one "your whole order is ready" on the customer's phone when the last one is.
    const phoneContext = await browser.newContext({ viewport: PHONE });
    const phone = await signedInPage(phoneContext, customer);
    const phoneJoined = roomJoined(phone);
    await phone.goto(`/order/${coffeeOrder.id}`);
    await phoneJoined;
    await staffMoves(request, staff, chickenOrder.id, "preparing", "ready");
    await expect(
      phone
        .getByRole("status")
        .filter({ hasText: "Your order from Seoul Bird is ready for pickup." }),
    ).toBeVisible({ timeout: 5_000 });
    await expect(phone.getByText("Your whole order is ready")).toHaveCount(0);
    await staffMoves(request, staff, coffeeOrder.id, "preparing", "ready");
    await expect(
      phone.getByRole("status").filter({ hasText: "Your whole order is ready" }),
    ).toBeVisible({ timeout: 5_000 });
    await phoneContext.close();
    await coffeeSide.context.close();
    await chickenSide.context.close();
  });

  test("Text me when it's ready: Profile refuses a number that is not a UK mobile with the server's message on the field, then saves one", async ({
    browser,
    request,
  }) => {
    const customer = await apiNewCustomer(request, "Tex Texter");
    const context = await browser.newContext({ viewport: PHONE });
    const page = await signedInPage(context, customer);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Text me when it's ready" });
    await section.getByRole("checkbox", { name: /Text me when my order is ready/ }).check();
    await section.getByRole("textbox", { name: "Mobile number" }).fill("01632 960123");
    await section.getByRole("button", { name: "Save number" }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "Enter a UK mobile number, like 07700 900123 or +44 7700 900123",
    );
    await expect(section.getByRole("textbox", { name: "Mobile number" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await section.getByRole("textbox", { name: "Mobile number" }).fill("+44 7700 900123");
    await section.getByRole("button", { name: "Save number" }).click();
    await expect(section.getByRole("status")).toHaveText(
      "We'll text 07700 900123 when it's ready.",
    );
    const saved = await request.get("/api/profile/ready-text", { headers: auth(customer) });
    expect(await saved.json()).toEqual({ mobile: "+447700900123", textWhenReady: true });

    // The developer page lists what the local text provider recorded.
    await page.goto("/test-notification");
    await expect(
      page.getByRole("heading", { name: "Text messages (local provider)" }),
    ).toBeVisible();
    await context.close();
  });

  test("a board-only screen: a manager's access code shows order numbers and nothing personal, live; revoking it signs the screen out", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const vendorId = await vendorNamed(request, "The Codfather");
    const [item] = await menuOf(request, vendorId);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const created = await request.post("/api/staff/board-accounts", {
      headers: auth(staff),
      data: { name: "Hatch TV", vendorId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { accessCode, data: account } = (await created.json()) as {
      accessCode: string;
      data: { id: number };
    };

    const tv = await browser.newContext({ viewport: TV });
    const page = await tv.newPage();
    await page.goto("/staff/board");
    await page.getByLabel("Board access code").fill("fpboard_not-a-real-code");
    await page.getByRole("button", { name: "Show the board" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await page.getByLabel("Board access code").fill(accessCode);
    const joined = roomJoined(page, "board");
    await page.getByRole("button", { name: "Show the board" }).click();
    await expect(page.getByRole("heading", { name: "Ready for collection" })).toBeVisible();
    await joined;

    const customer = await apiNewCustomer(request, "Zed Private");
    const order = await placeCashOrder(request, customer, vendorId, [
      { itemId: item!.id, allergy: "Walnut allergy" },
    ]);
    await staffMoves(request, staff, order.id, "confirmed", "preparing");
    const preparing = page.getByRole("list", { name: "Orders being prepared" });
    await expect(preparing).toContainText(`#${order.id}`, { timeout: 2_000 });
    const shown = await page.locator("body").innerText();
    for (const personal of ["Zed", "Private", "Walnut", customer.user.email])
      expect(shown).not.toContain(personal);

    const revoked = await request.delete(`/api/staff/board-accounts/${account.id}`, {
      headers: auth(staff),
    });
    expect(revoked.status(), await revoked.text()).toBe(200);
    await expect(page.getByLabel("Board access code")).toBeVisible({ timeout: 20_000 });
    await tv.close();
  });
});
