import { randomInt } from "node:crypto";
import type { RecordedText } from "@contract/kitchen";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  expect,
  type Locator,
  type Page,
  type Response,
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
 * The kitchen tablet as a device: it stays awake (Screen Wake Lock), it says when sound is blocked until the first
 * tap, and a customer whose phone showed nothing gets one text message a minute after Ready. Seen from outside: the
 * browser's APIs are stubbed where a headless browser cannot show the real thing, the texts are read where the
 * local provider lists them.
 */

const TABLET = { width: 1180, height: 820 };
const PHONE = { width: 390, height: 844 };
/** The product's words (src/features/staff/components/KitchenStatusBanners.tsx). */
const SOUND_BLOCKED =
  "Sound is blocked: tap anywhere on the screen to turn the new-order chime on.";
const WAKE_LOCK_UNAVAILABLE =
  "This browser cannot keep the screen awake: set the tablet's own sleep to never.";
const WAKE_LOCK_INSECURE =
  "This screen may go to sleep: keeping it awake needs the app on HTTPS. Set the tablet's own sleep to never.";

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

async function vendorNamed(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get("/api/vendors/list?limit=20");
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  return data.find((vendor) => vendor.name === name)!.id;
}

const ticketOf = (page: Page, orderId: number): Locator =>
  page.locator(`article.ticket[data-order-id="${orderId}"]`);

/** Opens the kitchen screen for one trailer in a fresh tablet context, with `init` run before the app in every page. */
async function openKitchen(
  browser: Browser,
  staff: Session,
  vendorId: number,
  init?: () => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET });
  if (init) await context.addInitScript(init);
  const page = await signedInPage(context, staff);
  await page.evaluate((id) => localStorage.setItem("staffBoardVendor", String(id)), vendorId);
  // Live before the test places anything, as a kitchen that has been open a while (the feed starts once the first
  // screen has settled, up to a few seconds after the heading shows).
  const joined = roomJoined(page, "staff");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Kitchen", level: 1 })).toBeVisible();
  await joined;
  return { context, page };
}

/**
 * A Screen Wake Lock the test can watch: every request and release is counted, and `hide()` / `show()` act as the
 * browser does when the tablet's page is hidden (the lock is released) and shown again.
 */
const STUB_WAKE_LOCK = () => {
  interface Sentinel extends EventTarget {
    released: boolean;
    type: string;
    release(): Promise<void>;
  }
  const log = { requests: 0, releases: 0, hidden: false, held: null as Sentinel | null };
  const dropLock = async (sentinel: Sentinel) => {
    if (sentinel.released) return;
    sentinel.released = true;
    log.releases += 1;
    sentinel.dispatchEvent(new Event("release"));
  };
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      async request(type: string) {
        if (log.hidden) throw new DOMException("The page is not visible", "NotAllowedError");
        log.requests += 1;
        const sentinel = Object.assign(new EventTarget(), {
          released: false,
          type,
          release: () => dropLock(sentinel),
        }) as Sentinel;
        log.held = sentinel;
        return sentinel;
      },
    },
  });
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (log.hidden ? "hidden" : "visible"),
  });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => log.hidden });
  const win = window as unknown as { wakeLockLog: typeof log; hide(): void; show(): void };
  win.wakeLockLog = log;
  win.hide = () => {
    log.hidden = true;
    // The browser releases a screen lock when its page is hidden.
    if (log.held) void dropLock(log.held);
    document.dispatchEvent(new Event("visibilitychange"));
  };
  win.show = () => {
    log.hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
  };
};

const wakeLockLog = (page: Page) =>
  page.evaluate(() => {
    const { requests, releases, held } = (
      window as unknown as {
        wakeLockLog: { requests: number; releases: number; held: { released: boolean } | null };
      }
    ).wakeLockLog;
    return { requests, releases, holding: held !== null && !held.released };
  });

/**
 * The browser's autoplay rule, made certain: sound is refused until a real tap or key on the page (Playwright's own
 * page reads count as a gesture to Chromium, so the real rule cannot be left to decide). A muted play is allowed,
 * as browsers allow it. Counts the chimes that played, and Web Audio contexts stay suspended until the tap.
 */
const BLOCK_SOUND_UNTIL_TAP = () => {
  const log = { tapped: false, chimes: 0, refused: 0 };
  (window as unknown as { soundLog: typeof log }).soundLog = log;
  const onGesture = (event: Event) => {
    if (event.isTrusted) log.tapped = true;
  };
  window.addEventListener("pointerdown", onGesture, { capture: true });
  window.addEventListener("keydown", onGesture, { capture: true });
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!this.muted && !log.tapped) {
      log.refused += 1;
      return Promise.reject(
        new DOMException("play() can only be initiated by a user gesture", "NotAllowedError"),
      );
    }
    return play.call(this).then(() => {
      if (!this.muted && this.src.includes("kitchen-chime")) log.chimes += 1;
    });
  };
  const RealContext = window.AudioContext;
  class BlockedUntilTap extends RealContext {
    override get state(): AudioContextState {
      return log.tapped ? super.state : "suspended";
    }
    override resume(): Promise<void> {
      return log.tapped ? super.resume() : new Promise(() => undefined);
    }
  }
  window.AudioContext = BlockedUntilTap;
};

const soundLog = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { soundLog: { chimes: number; refused: number } }).soundLog,
  );

test.describe("kitchen tablet as a device", () => {
  test("Wake Lock: the kitchen screen asks for a screen lock on opening and again each time the page is shown after being hidden", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const vendorId = await vendorNamed(request, "Forno & Fuoco");
    const { context, page } = await openKitchen(browser, staff, vendorId, STUB_WAKE_LOCK);

    await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 1, releases: 0, holding: true });
    await expect(page.getByText(WAKE_LOCK_UNAVAILABLE)).toHaveCount(0);
    await expect(page.getByText(WAKE_LOCK_INSECURE)).toHaveCount(0);

    // Hidden (another app, the screen switched off): the browser drops the lock; nothing is asked while hidden.
    await page.evaluate(() => (window as unknown as { hide(): void }).hide());
    await expect
      .poll(() => wakeLockLog(page))
      .toEqual({ requests: 1, releases: 1, holding: false });
    await page.waitForTimeout(500);
    expect((await wakeLockLog(page)).requests).toBe(1);

    // Shown again: asked for again, and the screen does not call the lock unavailable.
    await page.evaluate(() => (window as unknown as { show(): void }).show());
    await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 2, releases: 1, holding: true });
    await expect(page.getByText(WAKE_LOCK_UNAVAILABLE)).toHaveCount(0);

    // A second round: every return asks again, and a visible page holding its lock does not ask twice.
    await page.evaluate(() => (window as unknown as { hide(): void }).hide());
    await page.evaluate(() => (window as unknown as { show(): void }).show());
    await expect.poll(() => wakeLockLog(page)).toEqual({ requests: 3, releases: 2, holding: true });
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForTimeout(500);
    expect(await wakeLockLog(page)).toEqual({ requests: 3, releases: 2, holding: true });
    await context.close();
  });

  test("Wake Lock unavailable: a browser without it, and a page that is not HTTPS, say the screen may sleep", async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const vendorId = await vendorNamed(request, "Forno & Fuoco");
    const noApi = await openKitchen(browser, staff, vendorId, () => {
      delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
    });
    expect(await noApi.page.evaluate(() => "wakeLock" in navigator)).toBe(false);
    await expect(noApi.page.getByText(WAKE_LOCK_UNAVAILABLE)).toBeVisible();
    await expect(noApi.page.getByText(WAKE_LOCK_INSECURE)).toHaveCount(0);
    await noApi.context.close();

    // Plain HTTP on a name that is not localhost (a tablet on the park's network): not a secure context.
    const port = new URL(test.info().project.use.baseURL!).port;
    const lan = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--host-resolver-rules=MAP kitchen-tablet.test 127.0.0.1",
      ],
    });
    try {
      const context = await lan.newContext({
        viewport: TABLET,
        baseURL: `http://kitchen-tablet.test:${port}`,
        serviceWorkers: "block",
      });
      const page = await signedInPage(context, staff);
      await page.goto("/staff");
      await expect(page.getByRole("heading", { name: "Kitchen", level: 1 })).toBeVisible();
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await expect(page.getByText(WAKE_LOCK_INSECURE)).toBeVisible();
      await expect(page.getByText(WAKE_LOCK_UNAVAILABLE)).toHaveCount(0);
    } finally {
      await lan.close();
    }
  });

  test("Sound: the kitchen screen says sound is blocked before the first tap; the tap removes the warning and a new order's chime plays", async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    // A trailer no other test of this project orders from: the banner names the first five ringing orders only, and
    // another file's unanswered orders would fill it (its own run later, one test at a time).
    const vendorId = await vendorNamed(request, "The Codfather");
    const [item] = await menuOf(request, vendorId);
    const customer = await apiNewCustomer(request, "Sonny Sound");
    const { context, page } = await openKitchen(browser, staff, vendorId, BLOCK_SOUND_UNTIL_TAP);

    // Nothing tapped yet: the screen says so plainly, before any order has had to ring.
    const blocked = page.getByRole("status").filter({ hasText: SOUND_BLOCKED });
    await expect(blocked).toBeVisible();

    // An order arrives while sound is blocked: it rings on screen, the warning stays, no chime is heard.
    const first = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    const banner = page.locator(".kitchen-banner--new");
    await expect(banner).toContainText(`#${first.id}`, { timeout: 10_000 });
    await expect.poll(async () => (await soundLog(page)).refused).toBeGreaterThan(0);
    await expect(blocked).toBeVisible();
    expect((await soundLog(page)).chimes).toBe(0);

    // The first tap anywhere (here the page's heading, not a button): the warning goes and the ringing is heard.
    await page.getByRole("heading", { name: "Kitchen", level: 1 }).click();
    await expect(blocked).toBeHidden();
    await expect
      .poll(async () => (await soundLog(page)).chimes, { timeout: 15_000 })
      .toBeGreaterThan(0);

    // Acknowledged, then the next order chimes at once (no second tap needed).
    // (Another file's order for this trailer may ring meanwhile: only this order is looked for.)
    await banner.getByRole("button", { name: "Acknowledge" }).click();
    await expect(
      page.locator(".kitchen-banner--new", { hasText: new RegExp(`#${first.id}(?!\\d)`) }),
    ).toHaveCount(0);
    const before = (await soundLog(page)).chimes;
    const second = await placeCashOrder(request, customer, vendorId, [{ itemId: item!.id }]);
    await expect(banner).toContainText(`#${second.id}`, { timeout: 10_000 });
    await expect
      .poll(async () => (await soundLog(page)).chimes, { timeout: 10_000 })
      .toBeGreaterThan(before);
    await expect(blocked).toBeHidden();
    await banner.getByRole("button", { name: "Acknowledge" }).click();
    await context.close();
  });

  test("Text me when it's ready: a minute after Ready, one text to the customer whose phone showed nothing; none to the one who saw the toast, none to a number that did not opt in", async ({
    browser,
    request,
  }) => {
    // The server's wait is the product's minute (SMS_FALLBACK_DELAY_MS), swept every 5 s: the test waits it out.
    test.setTimeout(240_000);
    const staff = await apiLogin(request, STAFF.email, STAFF.password);
    const vendorId = await vendorNamed(request, "Forno & Fuoco");
    const [item] = await menuOf(request, vendorId);
    // Three numbers of Ofcom's drama range (07700 900000–900999), different in every run.
    const base = randomInt(0, 997);
    const mobile = (offset: number) => `07700 900${String(base + offset).padStart(3, "0")}`;
    const e164 = (offset: number) => `+447700900${String(base + offset).padStart(3, "0")}`;

    // Tess opts in in Profile, places an order and puts her phone away (no page open, push never turned on).
    const tess = await apiNewCustomer(request, "Tess Texted");
    const tessPhone = await browser.newContext({ viewport: PHONE });
    const profile = await signedInPage(tessPhone, tess);
    await profile.goto("/profile");
    const section = profile.getByRole("region", { name: "Text me when it's ready" });
    await section.getByRole("checkbox", { name: /Text me when my order is ready/ }).check();
    await section.getByRole("textbox", { name: "Mobile number" }).fill(mobile(0));
    await section.getByRole("button", { name: "Save number" }).click();
    await expect(section.getByRole("status")).toHaveText(
      `We'll text ${mobile(0)} when it's ready.`,
    );
    await profile.close();
    const tessOrder = await placeCashOrder(request, tess, vendorId, [{ itemId: item!.id }]);

    // Toby opted in too, but his phone is open on the order: the toast shows.
    const toby = await apiNewCustomer(request, "Toby Toasted");
    const tobySaved = await request.put("/api/profile/ready-text", {
      headers: auth(toby),
      data: { mobile: mobile(1), textWhenReady: true },
    });
    expect(tobySaved.status(), await tobySaved.text()).toBe(200);
    const tobyOrder = await placeCashOrder(request, toby, vendorId, [{ itemId: item!.id }]);
    const tobyPhone = await browser.newContext({ viewport: PHONE });
    const tobyPage = await signedInPage(tobyPhone, toby);
    const tobyJoined = roomJoined(tobyPage);
    await tobyPage.goto(`/order/${tobyOrder.id}`);
    await tobyJoined;

    // Nina gave her number but did not tick the box; her phone is away too.
    const nina = await apiNewCustomer(request, "Nina Notext");
    const ninaSaved = await request.put("/api/profile/ready-text", {
      headers: auth(nina),
      data: { mobile: mobile(2), textWhenReady: false },
    });
    expect(ninaSaved.status(), await ninaSaved.text()).toBe(200);
    const ninaOrder = await placeCashOrder(request, nina, vendorId, [{ itemId: item!.id }]);

    for (const order of [tobyOrder, ninaOrder, tessOrder])
      await staffMoves(request, staff, order.id, "confirmed", "preparing");

    // The kitchen marks all three Ready, Toby's and Nina's first, so theirs are due no later than Tess's.
    const { context, page } = await openKitchen(browser, staff, vendorId);
    let readyAt = 0;
    for (const order of [tobyOrder, ninaOrder, tessOrder]) {
      const ready = ticketOf(page, order.id).getByRole("button", { name: "Ready" });
      await expect(ready).toBeEnabled();
      readyAt = Date.now();
      await ready.click();
      await expect(ticketOf(page, order.id)).toHaveAttribute("data-status", "ready");
      // Toby's phone shows the toast (for 6 s) as soon as his order is ready.
      if (order === tobyOrder)
        await expect(
          tobyPage.getByRole("status").filter({ hasText: "is ready for pickup" }).first(),
        ).toBeVisible();
      // A tap on another ticket just after a step is ignored (the ticket that slid under the finger).
      await page.waitForTimeout(900);
    }
    await expect(ticketOf(page, tobyOrder.id).locator(".ticket__notified")).toHaveText(
      "customer notified (toast)",
      { timeout: 10_000 },
    );
    await expect(ticketOf(page, tessOrder.id).locator(".ticket__notified")).toHaveText(
      "not seen yet",
    );

    // What the local provider recorded, as staff see it (every number).
    const recorded = async (): Promise<RecordedText[]> => {
      const response = await request.get("/api/test/texts", { headers: auth(staff) });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: RecordedText[] }).data;
    };
    const textsTo = async (to: string) => (await recorded()).filter((text) => text.to === to);

    // Nothing before the minute is up…
    await page.waitForTimeout(Math.max(0, readyAt + 45_000 - Date.now()));
    expect(await textsTo(e164(0))).toEqual([]);
    // …then one text to Tess, a minute or more after her Ready.
    await expect
      .poll(async () => (await textsTo(e164(0))).length, { timeout: 60_000, intervals: [1_000] })
      .toBe(1);
    const [text] = await textsTo(e164(0));
    expect(Date.parse(text!.sentAt) - readyAt).toBeGreaterThanOrEqual(59_000);
    expect(text!.orderId).toBe(tessOrder.id);
    expect(text!.body).toBe(
      `Food Park: your order from Forno and Fuoco is ready for pickup. Show order #${tessOrder.id} at the hatch.`,
    );
    // The kitchen sees that she was told, by text.
    await expect(ticketOf(page, tessOrder.id).locator(".ticket__notified")).toHaveText(
      "customer notified (sms)",
      { timeout: 10_000 },
    );

    // Never twice: two more sweeps later, still one; none to Toby (toast shown) nor to Nina (not opted in).
    await page.waitForTimeout(11_000);
    expect(await textsTo(e164(0))).toHaveLength(1);
    expect(await textsTo(e164(1))).toEqual([]);
    expect(await textsTo(e164(2))).toEqual([]);

    // The kitchen and Toby's phone have said all they had to: closed, so Tess's page loads on a quieter machine.
    await context.close();
    await tobyPhone.close();

    // Tess's developer page lists the text the local provider recorded for her number.
    const tessPage = await tessPhone.newPage();
    // The server's answer to Tess first (only her number), then what her page shows of it. The page sends a 503 again
    // by itself, so the first 200 is awaited; any other answer is printed, to tell a server failure from a page's.
    const isTextsCall = (response: Response) => response.url().endsWith("/api/test/texts");
    tessPage.on("response", (response) => {
      if (isTextsCall(response) && response.status() !== 200)
        void response
          .text()
          .catch(() => "(no body)")
          .then((body) => console.log(`Tess's texts: ${response.status()} ${body}`));
    });
    const answered = tessPage.waitForResponse(
      (response) => isTextsCall(response) && response.status() === 200,
      { timeout: 20_000 },
    );
    await tessPage.goto("/test-notification");
    const answer = await answered;
    expect(((await answer.json()) as { data: RecordedText[] }).data).toEqual([text]);
    const textsSection = tessPage.getByRole("region", { name: "Text messages (local provider)" });
    await expect(textsSection).toContainText(text!.body);
    const list = textsSection.getByRole("list", { name: "Recorded texts" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(`to ${e164(0)} · order #${tessOrder.id}`);
    await expect(list).toContainText(text!.body);
    await tessPhone.close();
  });
});
