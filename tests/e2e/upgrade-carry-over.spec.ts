import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./helpers";
import { type MenuItemSummary, simpleItems } from "./pwa-helpers";

/**
 * A phone that ran the app before this release holds what that version stored, in that version's format: the
 * spec's local cart copy ('cart', 'cartVendor', with no separate current-trailer key), changes queued offline in
 * the saved query cache (IndexedDB), a cash order queued behind them, and a card checkout waiting in the tab
 * (sessionStorage) whose hosted payment page is open. Seeded here literally, then the new app loads: nothing is
 * lost, nothing is sent or paid twice.
 */

const APP_VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

interface Line {
  name: string;
  quantity: number;
}

interface ServerCartLine {
  lineId: number;
  menuItemId: number;
  name: string;
  quantity: number;
  pricePence: number;
  totalPricePence: number;
}

interface ServerCart {
  items: ServerCartLine[];
  totalPence: number;
  version: number;
  vendor_info: { id: number; name: string; preparationTime: { min: number; max: number } };
}

interface Customer {
  token: string;
  userId: string;
  inCart: MenuItemSummary & { pricePence: number };
  queued: MenuItemSummary & { pricePence: number };
}

const numeric = (id: string) => Number(id.replace("item_", ""));

/** A new customer with one item of vendor 1 in the server's cart, and another item to queue. */
async function customer(page: Page): Promise<Customer> {
  await signUp(page);
  const { token, userId } = await page.evaluate(() => ({
    token: localStorage.getItem("authToken")!,
    userId: String((JSON.parse(localStorage.getItem("user")!) as { id: number }).id),
  }));
  const items = (await simpleItems(page)) as (MenuItemSummary & { pricePence: number })[];
  const [inCart, queued] = items;
  if (!inCart || !queued) throw new Error("vendor 1 needs two items without required add-ons");
  const added = await page.request.post("/api/cart/add", {
    headers: { Authorization: `Bearer ${token}` },
    data: { itemId: numeric(inCart.id), vendorId: 1, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  return { token, userId, inCart, queued };
}

async function serverCart(page: Page, token: string): Promise<ServerCart> {
  const response = await page.request.get("/api/cart?vendorId=1&orderType=takeaway", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerCart;
}

const linesOf = (cart: { items: Line[] }) =>
  cart.items.map(({ name, quantity }) => ({ name, quantity }));

function linesOnScreen(page: Page): Promise<Line[]> {
  return page.locator(".cart-line").evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.querySelector(".cart-line__name")?.textContent?.trim() ?? "",
      quantity: Number.parseInt(card.querySelector(".stepper__value")?.textContent ?? "", 10),
    })),
  );
}

async function orderCount(page: Page, token: string): Promise<number> {
  const response = await page.request.get("/api/orders", {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

/** The cart as the old version drew it: the server's cart with the queued add on top (a stand-in line id). */
function drawnCart(server: ServerCart, queued: Customer["queued"]) {
  const line = {
    id: queued.id,
    lineId: -4_242,
    menuItemId: numeric(queued.id),
    name: queued.name,
    description: "",
    image: "",
    quantity: 1,
    price: queued.pricePence / 100,
    addonTotal: 0,
    totalPrice: queued.pricePence / 100,
    pricePence: queued.pricePence,
    addonTotalPence: 0,
    totalPricePence: queued.pricePence,
    allergyInformation: "",
    addons: [],
  };
  return { ...server, items: [...server.items, line] };
}

/** The old version's paused add, as TanStack Query saved it. */
function queuedAdd(queued: Customer["queued"], at: number) {
  return {
    mutationKey: ["cart-write"],
    scope: { id: "cart" },
    state: {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: "pending",
      submittedAt: at,
      variables: {
        kind: "add",
        vendorId: 1,
        orderType: "takeaway",
        menuItemId: numeric(queued.id),
        tempLineId: -4_242,
        item: { name: queued.name, description: "", image: "", pricePence: queued.pricePence },
        itemName: queued.name,
        mutationId: `upgrade-${at}`,
        queued: true,
      },
    },
  };
}

/** Writes what the old version left on the phone, then leaves the page so the next load is the new app's first. */
async function seedOldPhone(
  page: Page,
  seed: { userId: string; cart: unknown; mutations: unknown[]; session?: Record<string, string> },
) {
  const at = Date.now();
  const saved = JSON.stringify({
    timestamp: at,
    buster: APP_VERSION,
    owner: seed.userId,
    clientState: {
      mutations: seed.mutations,
      queries: [
        {
          queryKey: ["cart", 1, "takeaway"],
          queryHash: JSON.stringify(["cart", 1, "takeaway"]),
          dehydratedAt: at,
          state: {
            data: seed.cart,
            dataUpdateCount: 1,
            dataUpdatedAt: at,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: "success",
            fetchStatus: "idle",
          },
        },
      ],
    },
  });
  const cart = seed.cart as ServerCart;
  // A page of the app's origin that runs none of its code (nothing saves over the seed).
  await page.goto("/manifest.webmanifest");
  await page.evaluate(
    async ({ saved, cart, session }) => {
      localStorage.setItem("cart", JSON.stringify({ vendorId: "vendor_1", cart }));
      localStorage.setItem(
        "cartVendor",
        JSON.stringify({
          id: "vendor_1",
          name: cart.vendor_info.name,
          preparationTime: cart.vendor_info.preparationTime,
        }),
      );
      localStorage.removeItem("cartTrailer");
      localStorage.setItem("foodpark-query-cache-saved", "1");
      for (const [key, value] of Object.entries(session ?? {})) sessionStorage.setItem(key, value);
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("foodpark");
        open.onupgradeneeded = () => open.result.createObjectStore("persisted");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const put = db
            .transaction("persisted", "readwrite")
            .objectStore("persisted")
            .put(saved, "foodpark-query-cache");
          put.onsuccess = () => {
            db.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
      });
    },
    { saved, cart, session: seed.session },
  );
}

test.describe("a phone updated from the previous version", () => {
  test("its cart copy and the change it queued offline carry over: shown, sent once, and the trailer stays current", async ({
    page,
  }) => {
    const { token, userId, inCart, queued } = await customer(page);
    const before = await serverCart(page, token);
    await seedOldPhone(page, {
      userId,
      cart: drawnCart(before, queued),
      mutations: [queuedAdd(queued, Date.now())],
    });

    await page.goto("/cart");
    const both = [
      { name: inCart.name, quantity: 1 },
      { name: queued.name, quantity: 1 },
    ];
    await expect.poll(() => linesOnScreen(page)).toEqual(both);
    await expect(page.getByText("Sending your changes…")).toBeHidden({ timeout: 10_000 });
    await expect.poll(async () => linesOf(await serverCart(page, token))).toEqual(both);

    // Reloading (the saved cache now holds nothing unsent) sends nothing again.
    await page.reload();
    await expect.poll(() => linesOnScreen(page)).toEqual(both);
    await page.waitForTimeout(500);
    expect(linesOf(await serverCart(page, token))).toEqual(both);

    // The current trailer moved to its own key; the spec's copy mirrors the server's cart (real line ids).
    const stored = await page.evaluate(() => ({
      trailer: localStorage.getItem("cartTrailer"),
      copy: JSON.parse(localStorage.getItem("cart") ?? "null") as {
        vendorId: string;
        cart: { items: { lineId: number }[] };
      } | null,
    }));
    expect(stored.trailer).toBe("1");
    expect(stored.copy?.vendorId).toBe("vendor_1");
    expect(stored.copy?.cart.items.every((line) => line.lineId > 0)).toBe(true);
  });

  test("a cash order it queued behind that change is placed once, after it, and the cart is then empty", async ({
    page,
  }) => {
    const { token, userId, inCart, queued } = await customer(page);
    const before = await serverCart(page, token);
    const drawn = drawnCart(before, queued);
    const at = Date.now();
    const lines = drawn.items
      .map((line) => ({
        menuItemId: line.menuItemId,
        quantity: line.quantity,
        addonIds: [],
        allergyInformation: "",
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const cashOrder = {
      mutationKey: ["checkout", "cash-order"],
      scope: { id: "cart" },
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: "pending",
        submittedAt: at + 1,
        variables: {
          order: {
            vendorId: 1,
            orderType: "takeaway",
            items: drawn.items.map((line) => ({
              menu_item_id: line.menuItemId,
              quantity: line.quantity,
            })),
            paymentMethod: "cash_at_counter",
          },
          idempotencyKey: `order-upgrade-${at}`,
          queued: true,
          lines,
          summary: {
            vendorName: before.vendor_info.name,
            orderType: "takeaway",
            totalPence: before.totalPence + queued.pricePence,
            preparationTime: before.vendor_info.preparationTime,
            items: drawn.items.map((line) => ({
              key: String(line.lineId),
              name: line.name,
              quantity: line.quantity,
              totalPence: line.totalPricePence,
            })),
            vehicle: null,
          },
        },
      },
    };
    await seedOldPhone(page, {
      userId,
      cart: drawn,
      mutations: [queuedAdd(queued, at), cashOrder],
    });

    await page.goto("/cart");
    await expect(page).toHaveURL("/pay-cash-at-counter");
    await expect(page.getByRole("heading", { name: "Pay cash at counter" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText(inCart.name);
    await expect(summary).toContainText(queued.name);
    expect(await orderCount(page, token)).toBe(1);
    expect(linesOf(await serverCart(page, token))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();

    await page.reload();
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    expect(await orderCount(page, token)).toBe(1);
  });

  test("a card payment opened before the update is paid once and its checkout completes", async ({
    page,
  }) => {
    const { token, userId, inCart } = await customer(page);
    const cart = await serverCart(page, token);
    const orderData = {
      vendorId: 1,
      orderType: "takeaway",
      items: cart.items.map((line) => ({
        menu_item_id: line.menuItemId,
        quantity: line.quantity,
        price: line.pricePence / 100,
        allergy_information: null,
        addons: [],
      })),
      deliveryInstructions: null,
      allergyNote: null,
      vehicleData: null,
    };
    // The old version started the payment: its hosted page is open, its id saved with the checkout.
    const intent = await page.request.post("/api/payments/stripe/create-intent", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        orderData,
        amount: cart.totalPence / 100,
        currency: "gbp",
        metadata: { source: "web" },
      },
    });
    expect(intent.status()).toBe(200);
    const { paymentIntentId, sessionUrl } = (await intent.json()) as {
      paymentIntentId: string;
      sessionUrl: string;
    };
    const pending = {
      orderData,
      amountPence: cart.totalPence,
      currency: "gbp",
      vendorName: cart.vendor_info.name,
      itemCount: 1,
      items: [{ key: "1", name: inCart.name, quantity: 1, totalPence: cart.totalPence }],
      paymentId: paymentIntentId,
    };
    await seedOldPhone(page, {
      userId,
      cart,
      mutations: [],
      session: {
        "checkout:pending": JSON.stringify(pending),
        "checkout:idempotency-key": `order-upgrade-${Date.now()}`,
      },
    });

    // The new app still reads the waiting checkout.
    await page.goto("/stripe-webview-payment");
    await expect(page.getByRole("heading", { name: "Secure Payment" })).toBeVisible();
    await expect(page.getByText(`£${(cart.totalPence / 100).toFixed(2)}`).first()).toBeVisible();

    // The hosted page opened before the update is paid there.
    await page.goto(sessionUrl);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 8000 });
    expect(await orderCount(page, token)).toBe(1);

    // Coming back to the payment's return address later pays nothing again.
    await page.goto(`/payment-success?payment_id=${encodeURIComponent(paymentIntentId)}`);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    expect(await orderCount(page, token)).toBe(1);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
  });
});
