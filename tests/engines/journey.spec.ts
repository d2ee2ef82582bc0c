/**
 * The main journey in three engines: Chromium, Firefox ESR and WebKitGTK (the nearest engine to iPhone Safari here;
 * what only a real iPhone shows is in docs/browsers.md). Sign in, add an item, place a cash order, watch the order
 * page change live when the staff move it, then load the shell with the network gone, from the service worker.
 * WebKitGTK has no Push API: there the app must say so and leave out push, as docs/decisions/testing.md records.
 * Everything goes through a relay (./relay.ts) in front of the production server, so that each engine loses the
 * network the same way.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { type Engine, type EngineName, launch } from "./engines";
import { type Relay, startRelay } from "./relay";

const serverPort = Number(process.env.E2E_PORT || 4173);
const server = `http://127.0.0.1:${serverPort}`;
const STAFF = { email: "staff@foodpark.test", password: "staff-password" };

async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server}${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A JavaScript expression for the page: the <label> whose text matches `pattern` (clicking it checks its radio). */
const label = (pattern: RegExp) =>
  `[...document.querySelectorAll("label")].find((l) => ${pattern}.test(l.textContent.trim()))`;
/** The field a <label> with exactly this text names. */
const field = (text: string) =>
  `[...document.querySelectorAll("label")].find((l) => l.textContent.trim() === ${JSON.stringify(text)})?.control`;
/** The enabled button whose text matches `pattern`. */
const button = (pattern: RegExp) =>
  `[...document.querySelectorAll("button")].find((b) => !b.disabled && ${pattern}.test(b.textContent.trim()))`;
const textOf = (selector: string) =>
  `document.querySelector(${JSON.stringify(selector)})?.textContent.trim() ?? ""`;

const engines: EngineName[] = ["chromium", "firefox", "webkit"];

for (const name of engines) {
  test.describe(name, () => {
    let engine: Engine;
    let relay: Relay;

    test.beforeAll(async () => {
      relay = await startRelay({ host: "127.0.0.1", port: serverPort });
      engine = await launch(name);
    });
    test.afterEach(async () => {
      const testInfo = test.info();
      if (testInfo.status === testInfo.expectedStatus || !engine) return;
      await testInfo.attach(`${name}.png`, {
        body: await engine.screenshot(),
        contentType: "image/png",
      });
      const text = await engine.evaluate<string>("document.body.innerText").catch(String);
      await testInfo.attach(`${name}-page.txt`, { body: text, contentType: "text/plain" });
    });
    test.afterAll(async () => {
      await engine?.close();
      await relay?.close();
    });

    test("sign in, add an item, cash order; the order page changes live; the shell loads offline from the worker", async () => {
      test.setTimeout(180_000);
      const at = (path: string) => `${relay.baseUrl}${path}`;
      const email = `engine-${name}-${randomBytes(4).toString("hex")}@foodpark.test`;
      const firstName = name[0]!.toUpperCase() + name.slice(1);
      await api("/auth/register", {
        body: { email, password: "three-engines", name: `${firstName} Tester` },
      });
      const menu = await api<{
        items: {
          items: { id: string; has_required_addongroups: boolean; available?: boolean }[];
        }[];
      }>("/api/vendors/1/items");
      const item = menu.items
        .flatMap((group) => group.items)
        .find((candidate) => !candidate.has_required_addongroups && candidate.available !== false)!;

      // Sign in through the form.
      await engine.goto(at("/login"));
      await engine.type(field("Email Address"), email);
      await engine.type(field("Password"), "three-engines");
      await engine.click(button(/^Sign In$/));
      await expect
        .poll(() => engine.evaluate<string>(textOf("h1")), { timeout: 20_000 })
        .toContain(`${firstName}! What are you craving?`);

      // Add an item from its page.
      await engine.goto(at(`/vendor/1/item/${Number(item.id.replace("item_", ""))}`));
      await engine.click(button(/^Add to Cart/));
      await expect
        .poll(() => engine.evaluate<string>(textOf(".item-bar button")))
        .toMatch(/View Cart/);

      // Cash at the counter.
      await engine.goto(at("/cart"));
      await engine.click(label(/^No$/));
      await engine.click(label(/^Cash at the counter/));
      await engine.click(button(/^Place Order/));
      await expect
        .poll(() => engine.evaluate<string>("location.pathname"), { timeout: 20_000 })
        .toBe("/pay-cash-at-counter");
      const track = await engine.evaluate<string>(
        `new Promise((resolve) => { const look = () => { const a = document.querySelector('a[href^="/order/"]'); a ? resolve(a.getAttribute("href")) : setTimeout(look, 100); }; look(); })`,
      );
      const orderId = Number(track.replace("/order/", ""));
      expect(orderId).toBeGreaterThan(0);

      // The order page, live: the staff confirm the order once the page's socket is in its room.
      const joinedBefore = relay.count('"room-joined"');
      await engine.goto(at(`/order/${orderId}`));
      await expect
        .poll(() => engine.evaluate<string>(textOf(".status-banner")))
        .toBe("Pending Payment");
      await relay.waitFor('"room-joined"', joinedBefore, 20_000);
      const staff = await api<{ token: string }>("/auth/login", { body: STAFF });
      await api(`/api/staff/orders/${orderId}`, {
        method: "PATCH",
        token: staff.token,
        body: { status: "confirmed" },
      });
      // Well inside the page's 30-second refresh: only the live feed can have brought it.
      await expect
        .poll(() => engine.evaluate<string>(textOf(".status-banner")), { timeout: 10_000 })
        .toBe("Order Confirmed");

      // Push: Chromium and Firefox have it; WebKitGTK has not, and the app says so instead of offering it.
      const hasPush = await engine.evaluate<boolean>(`"PushManager" in window`);
      expect(hasPush).toBe(name !== "webkit");
      if (!hasPush) {
        await engine.goto(at("/test-notification"));
        await expect
          .poll(() => engine.evaluate<string>("document.body.textContent"))
          .toContain(
            "This browser has no system notifications — samples show as in-app toasts only.",
          );
      }

      // Offline: the worker controls the page, the network goes, the shell still loads.
      await engine.goto(at("/"));
      await expect
        .poll(() => engine.evaluate<boolean>("Boolean(navigator.serviceWorker.controller)"), {
          timeout: 20_000,
        })
        .toBe(true);
      relay.cut();
      try {
        expect(
          await engine.evaluate<string>(`fetch("/healthz").then(() => "up", () => "down")`),
        ).toBe("down");
        await engine.goto(at("/"));
        await expect
          .poll(() => engine.evaluate<string>(textOf("h1")), { timeout: 20_000 })
          .toContain(`${firstName}! What are you craving?`);
      } finally {
        relay.restore();
      }
      // A first visit installs the worker; nothing was updated, so nothing offers an update.
      expect(await engine.evaluate<string>("document.body.innerText")).not.toContain(
        "Update available",
      );
    });
  });
}
