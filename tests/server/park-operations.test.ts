import type { CartResponse } from "@contract/cart";
import type { Order } from "@contract/orders";
import type { AuditEntry, StaffTrailer, StaffTrailersResponse } from "@contract/park-operations";
import type { AddonGroupsResponse, MenuResponse, Vendor } from "@contract/vendors";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  addWithRequiredChoices,
  cashOrder,
  type DemoIds,
  demoIds,
  getCart,
} from "./helpers/checkout-fixtures";
import { createOrderFixture } from "./helpers/order-fixtures";
import { createBrowserSubscriptionKeys } from "./helpers/push-receiver";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
const TRAILER_STAFF = { email: "forno-staff@foodpark.test", password: "forno-password-1" };

describe.each(databaseKinds)("park operations on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  let manager: string;
  let fornoStaff: string;
  let customer: RegisteredCustomer;

  beforeAll(async () => {
    server = await startTestServer({
      kind,
      config: {
        orderQuantityMax: 5,
        orderTotalMaxPence: 2_000,
        pushSubscriptionsPerCustomerMax: 2,
      },
    });
    ids = await demoIds(server);
    manager = await server.login(MANAGER.email, MANAGER.password);
    await addStaffAccount(server.db, { ...TRAILER_STAFF, trailers: ["forno-fuoco"] });
    fornoStaff = await server.login(TRAILER_STAFF.email, TRAILER_STAFF.password);
    customer = await server.registerCustomer({ name: "Casey" });
  });
  afterAll(() => server?.close());

  const patch = (path: string, body: unknown, token: string) =>
    server.request<Record<string, unknown> & { message?: string }>(`/api/staff${path}`, {
      method: "PATCH",
      body,
      token,
    });
  const vendor = async (id: number) => (await server.request<Vendor>(`/api/vendors/${id}`)).body;
  const menuItem = async (vendorId: number, itemId: number) => {
    const menu = (await server.request<MenuResponse>(`/api/vendors/${vendorId}/items`)).body;
    return menu.items.flatMap((group) => group.items).find((item) => item.id === `item_${itemId}`);
  };
  const addItem = (itemId: number, vendorId = ids.forno) =>
    server.request<CartResponse & { message?: string }>("/api/cart/add", {
      token: customer.token,
      body: { itemId, vendorId, quantity: 1 },
    });
  const clearCart = (vendorId = ids.forno) =>
    server.request("/api/cart/remove-all-by-vendor", {
      method: "DELETE",
      token: customer.token,
      body: { vendorId },
    });

  describe("who may do what", () => {
    it("refuses customers (403) and strangers (401)", async () => {
      expect((await server.request("/api/staff/trailers", { token: customer.token })).status).toBe(
        403,
      );
      expect((await server.request("/api/staff/trailers")).status).toBe(401);
      expect(
        (await patch(`/trailers/${ids.forno}`, { status: "closed" }, customer.token)).status,
      ).toBe(403);
      expect(
        (await patch(`/menu-items/${ids.margherita}`, { soldOut: true }, customer.token)).status,
      ).toBe(403);
      expect((await server.request("/api/staff/audit", { token: customer.token })).status).toBe(
        403,
      );
    });

    it("shows a park manager every trailer and trailer staff only theirs", async () => {
      const all = await server.request<StaffTrailersResponse>("/api/staff/trailers", {
        token: manager,
      });
      expect(all.status).toBe(200);
      expect(all.body.allTrailers).toBe(true);
      expect(all.body.data.map((trailer) => trailer.slug)).toEqual(
        expect.arrayContaining(["forno-fuoco", "smash-stack"]),
      );
      const mine = await server.request<StaffTrailersResponse>("/api/staff/trailers", {
        token: fornoStaff,
      });
      expect(mine.body.allTrailers).toBe(false);
      expect(mine.body.data.map((trailer) => trailer.slug)).toEqual(["forno-fuoco"]);
      expect(mine.body.data[0]!.items.some((item) => item.name === "Margherita")).toBe(true);
    });

    it("lets trailer staff change only their trailers (403 elsewhere, nothing written)", async () => {
      const smashItem = (
        await server.db.query<{ id: number }>(
          "select id from menu_items where vendor_id = $1 order by id limit 1",
          [ids.smash],
        )
      )[0]!.id;
      const refused = await patch(`/trailers/${ids.smash}`, { status: "closed" }, fornoStaff);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You can only change the trailers you run");
      expect((await patch(`/menu-items/${smashItem}`, { soldOut: true }, fornoStaff)).status).toBe(
        403,
      );
      expect((await vendor(ids.smash)).status).toBe("open");
      expect((await menuItem(ids.smash, smashItem))?.soldOut).toBe(false);

      const own = await patch(
        `/trailers/${ids.forno}`,
        { preparationTime: { min: 12, max: 25 } },
        fornoStaff,
      );
      expect(own.status, own.text).toBe(200);
      expect((await vendor(ids.forno)).preparationTime).toEqual({ min: 12, max: 25 });
    });

    it("shows trailer staff only their trailers' orders and refuses moving another trailer's (403)", async () => {
      const fornoOrder = await createOrderFixture(server.db, {
        userId: customer.user.id,
        vendorId: ids.forno,
        status: "pending",
      });
      const smashOrder = await createOrderFixture(server.db, {
        userId: customer.user.id,
        vendorId: ids.smash,
        status: "pending",
      });
      const board = async (token: string, query = "") =>
        (
          await server.request<{ data: Order[] }>(`/api/staff/orders${query}`, { token })
        ).body.data.map((order) => order.id);

      expect(await board(manager)).toEqual(expect.arrayContaining([fornoOrder.id, smashOrder.id]));
      const mine = await board(fornoStaff);
      expect(mine).toContain(fornoOrder.id);
      expect(mine).not.toContain(smashOrder.id);
      expect(await board(fornoStaff, `?vendorId=${ids.smash}`)).toEqual([]);

      const refused = await patch(`/orders/${smashOrder.id}`, { status: "confirmed" }, fornoStaff);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You can only change the trailers you run");
      const [stored] = await server.db.query<{ status: string }>(
        "select status from orders where id = $1",
        [smashOrder.id],
      );
      expect(stored?.status).toBe("pending");
      const moved = await patch(`/orders/${fornoOrder.id}`, { status: "confirmed" }, fornoStaff);
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.status).toBe("confirmed");
    });

    it("keeps an existing staff account a park manager and makes trailer staff with --trailer", async () => {
      const again = await addStaffAccount(server.db, MANAGER);
      expect(again.trailers).toEqual([]);
      await expect(
        addStaffAccount(server.db, { ...TRAILER_STAFF, trailers: ["no-such-trailer"] }),
      ).rejects.toThrow("No trailer with the slug no-such-trailer");
    });

    it("refuses bad input with a clear 400", async () => {
      const backwards = await patch(
        `/trailers/${ids.forno}`,
        { preparationTime: { min: 30, max: 10 } },
        manager,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toBe(
        "The longest preparation time cannot be shorter than the shortest",
      );
      const pause = await patch(
        `/trailers/${ids.forno}`,
        { status: "paused", pauseMinutes: 20 },
        manager,
      );
      expect(pause.status).toBe(400);
      expect(pause.body.message).toBe("A pause lasts 15, 30, 45 or 60 minutes");
      const hours = await patch(
        `/trailers/${ids.forno}`,
        { openingHours: { mon: { open: "25:00", close: "22:00" } } },
        manager,
      );
      expect(hours.status).toBe(400);
      expect((await patch(`/trailers/${ids.forno}`, {}, manager)).status).toBe(400);
    });

    it("refuses opening hours with a day other than the seven weekdays (422 naming it) and changes nothing", async () => {
      const week = { mon: { open: "11:00", close: "22:00" }, sat: null };
      // Whatever the time now: hours that close the trailer are saved only when the staff confirm it.
      const saved = await patch(
        `/trailers/${ids.forno}`,
        { openingHours: week, confirmClose: true },
        manager,
      );
      expect(saved.status, saved.text).toBe(200);
      const trailerNow = async () =>
        (
          await server.request<StaffTrailersResponse>("/api/staff/trailers", { token: manager })
        ).body.data.find((trailer) => trailer.id === ids.forno)!;
      const before = await trailerNow();
      const auditBefore = (
        await server.request<{ data: AuditEntry[] }>("/api/staff/audit", { token: manager })
      ).body.data.length;

      for (const [unknown, body] of [
        ["funday", { openingHours: { funday: { open: "11:00", close: "22:00" } } }],
        ["Tuesday", { openingHours: { mon: { open: "11:00", close: "22:00" }, Tuesday: null } }],
        ["funday", { openingHours: { funday: null }, status: "closed", slotCap: 3 }],
      ] as const) {
        const refused = await patch(`/trailers/${ids.forno}`, body, manager);
        expect(refused.status, refused.text).toBe(422);
        expect(refused.body.message).toContain(`"${unknown}"`);
      }
      expect(
        (await patch(`/trailers/${ids.forno}`, { openingHours: { funday: {} } }, manager)).body
          .message,
      ).toBe('Opening hours have no day called "funday": use mon, tue, wed, thu, fri, sat, sun');
      expect(await trailerNow()).toEqual(before);
      expect(
        (await server.request<{ data: AuditEntry[] }>("/api/staff/audit", { token: manager })).body
          .data.length,
      ).toBe(auditBefore);
      await patch(`/trailers/${ids.forno}`, { openingHours: null }, manager);
    });
  });

  describe("sold out", () => {
    it("marks an item sold out: the menu says so, adding and ordering are refused naming it, back on works", async () => {
      await clearCart();
      await addToCart(server, customer.token, ids.forno, ids.limonata);
      const before = await server.request(`/api/vendors/${ids.forno}/items`);
      const catalogue = server.app.services.catalogue;
      const otherMenu = catalogue.menu(String(ids.smash));
      const sold = await patch(`/menu-items/${ids.limonata}`, { soldOut: true }, fornoStaff);
      expect(sold.status, sold.text).toBe(200);

      const after = await server.request(`/api/vendors/${ids.forno}/items`);
      expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
      // Only what changed is serialised and compressed again: another trailer's menu is the very same body.
      expect(catalogue.menu(String(ids.smash))).toBe(otherMenu);
      expect(catalogue.menu(String(ids.forno))?.br).toBeDefined();
      const item = await menuItem(ids.forno, ids.limonata);
      expect(item?.soldOut).toBe(true);
      // Never contradicting: a sold-out item is not available (and is again once back on).
      expect(item?.available).toBe(false);

      const refused = await addItem(ids.limonata);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("San Pellegrino Limonata is sold out");

      const cart = await getCart(server, customer.token, ids.forno);
      expect(cart.items[0]?.soldOut).toBe(true);
      const order = await server.request<{ message: string }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(order.status).toBe(409);
      expect(order.body.message).toContain("San Pellegrino Limonata");

      expect(
        (await patch(`/menu-items/${ids.limonata}`, { soldOut: false }, fornoStaff)).status,
      ).toBe(200);
      expect(await menuItem(ids.forno, ids.limonata)).toMatchObject({
        soldOut: false,
        available: true,
      });
      expect((await addItem(ids.limonata)).status).toBe(200);
      expect((await getCart(server, customer.token, ids.forno)).items[0]?.soldOut).toBeUndefined();
    });

    it("marks an add-on sold out: it reads so and cannot be chosen; a required group with none left sells the item out", async () => {
      const [group] = await server.db.query<{ menu_item_id: number; id: number }>(
        `select g.menu_item_id, g.id from addon_groups g join menu_items mi on mi.id = g.menu_item_id
         where mi.vendor_id = $1 and (g.is_required or g.min_quantity > 0) order by g.id limit 1`,
        [ids.forno],
      );
      const itemId = group!.menu_item_id;
      const groups = (
        await server.request<AddonGroupsResponse>(`/api/menu-items/${itemId}/addon-groups`)
      ).body.addonGroups;
      const required = groups.find((entry) => entry.id === group!.id)!;
      const first = required.addons[0]!;
      expect((await patch(`/addons/${first.id}`, { soldOut: true }, fornoStaff)).status).toBe(200);
      const reread = (
        await server.request<AddonGroupsResponse>(`/api/menu-items/${itemId}/addon-groups`)
      ).body.addonGroups;
      expect(reread.find((entry) => entry.id === group!.id)!.addons[0]!.soldOut).toBe(true);
      const chosen = await server.request<{ message: string }>("/api/cart/add-with-addons", {
        token: customer.token,
        body: {
          itemId,
          vendorId: ids.forno,
          quantity: 1,
          addonSelections: groups
            .filter((entry) => entry.is_required || entry.min_quantity > 0)
            .map((entry) => ({
              addonGroupId: entry.id,
              addonId: entry.addons[0]!.id,
              quantity: 1,
            })),
        },
      });
      expect(chosen.status).toBe(409);
      expect(chosen.body.message).toBe(`${first.name} is sold out`);

      for (const addon of required.addons)
        await patch(`/addons/${addon.id}`, { soldOut: true }, fornoStaff);
      expect(await menuItem(ids.forno, itemId)).toMatchObject({ soldOut: true, available: false });
      for (const addon of required.addons)
        await patch(`/addons/${addon.id}`, { soldOut: false }, fornoStaff);
      expect((await menuItem(ids.forno, itemId))?.soldOut).toBe(false);
    });

    it("never changes orders already placed", async () => {
      await clearCart();
      await addToCart(server, customer.token, ids.forno, ids.limonata);
      const placed = await server.request<{ id: number; status: string }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(placed.status, placed.text).toBe(201);
      await patch(`/menu-items/${ids.limonata}`, { soldOut: true }, manager);
      const [row] = await server.db.query<{ status: string; n: number }>(
        "select o.status, (select count(*)::int from order_items where order_id = o.id) as n from orders o where o.id = $1",
        [placed.body.id],
      );
      expect(row).toEqual({ status: "pending_payment", n: 1 });
      await patch(`/menu-items/${ids.limonata}`, { soldOut: false }, manager);
    });
  });

  describe("open, pause, close, hours", () => {
    it("a paused trailer reads busy (not open), says when it is back, and takes no orders", async () => {
      await clearCart();
      await addToCart(server, customer.token, ids.forno, ids.limonata);
      const paused = await patch(
        `/trailers/${ids.forno}`,
        { status: "paused", pauseMinutes: 30 },
        fornoStaff,
      );
      expect(paused.status, paused.text).toBe(200);
      const shown = await vendor(ids.forno);
      expect(shown.status).toBe("busy");
      expect(shown.status).not.toMatch(/open|active/i);
      const back = new Date(shown.busyUntil!).getTime() - Date.now();
      expect(back).toBeGreaterThan(29 * 60_000);
      expect(back).toBeLessThanOrEqual(30 * 60_000);
      const list = await server.request<{ data: Vendor[] }>("/api/vendors/list?limit=100");
      expect(list.body.data.find((entry) => entry.id === ids.forno)?.status).toBe("busy");

      const add = await addItem(ids.limonata);
      expect(add.status).toBe(409);
      expect(add.body.message).toBe("Forno & Fuoco is busy and not taking orders right now");
      const order = await server.request<{ message: string }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(order.status).toBe(409);
      expect(order.body.message).toContain("Forno & Fuoco");

      await patch(`/trailers/${ids.forno}`, { status: "paused", pauseMinutes: null }, fornoStaff);
      expect(await vendor(ids.forno)).toMatchObject({ status: "busy", busyUntil: null });
      await patch(`/trailers/${ids.forno}`, { status: "open" }, fornoStaff);
      expect((await vendor(ids.forno)).status).toBe("open");
      expect((await addItem(ids.limonata)).status).toBe(200);
    });

    it("reopens by itself when a timed pause ends", async () => {
      await server.db.query("update vendors set paused = true, paused_until = $2 where id = $1", [
        ids.forno,
        new Date(Date.now() + 400),
      ]);
      server.app.events.emit("catalogueChanged");
      await server.app.services.catalogue.whenLoaded();
      expect((await vendor(ids.forno)).status).toBe("busy");
      await expect
        .poll(async () => (await vendor(ids.forno)).status, { timeout: 5_000, interval: 100 })
        .toBe("open");
    });

    it("a closed trailer is closed everywhere; opening hours open and close it by themselves", async () => {
      await patch(`/trailers/${ids.forno}`, { status: "closed" }, manager);
      expect((await vendor(ids.forno)).status).toBe("closed");
      expect((await addItem(ids.limonata)).body.message).toBe("Forno & Fuoco is closed right now");
      await patch(`/trailers/${ids.forno}`, { status: "open" }, manager);

      const allDay = { open: "00:00", close: "00:00" };
      const never = Object.fromEntries(
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, null]),
      );
      // Hours that close the open trailer now are refused until the staff confirm them.
      expect((await patch(`/trailers/${ids.forno}`, { openingHours: never }, manager)).status).toBe(
        409,
      );
      expect((await vendor(ids.forno)).status).toBe("open");
      await patch(`/trailers/${ids.forno}`, { openingHours: never, confirmClose: true }, manager);
      expect((await vendor(ids.forno)).status).toBe("closed");
      const always = Object.fromEntries(
        ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, allDay]),
      );
      const set = await patch(`/trailers/${ids.forno}`, { openingHours: always }, manager);
      expect((set.body as unknown as StaffTrailer).openingHours).toEqual(always);
      expect((await vendor(ids.forno)).status).toBe("open");
      await patch(`/trailers/${ids.forno}`, { openingHours: null }, manager);
    });
  });

  describe("live", () => {
    it("tells connected clients 'catalogue-changed' once the catalogue has reloaded", async () => {
      const socket = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        auth: { token: customer.token },
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          setTimeout(() => reject(new Error("no connect")), 5_000);
        });
        const heard = new Promise<{ at: string }>((resolve, reject) => {
          socket.once("catalogue-changed", resolve);
          setTimeout(() => reject(new Error("no catalogue-changed within 2 s")), 2_000);
        });
        await patch(`/menu-items/${ids.limonata}`, { soldOut: true }, fornoStaff);
        expect(typeof (await heard).at).toBe("string");
        expect((await menuItem(ids.forno, ids.limonata))?.soldOut).toBe(true);
      } finally {
        socket.disconnect();
        await patch(`/menu-items/${ids.limonata}`, { soldOut: false }, fornoStaff);
      }
    });
  });

  describe("orders per 15-minute slot", () => {
    it("moves the estimate of an order into the next free slot, shown in the cart before paying; or pauses when full", async () => {
      const smashItem = (
        await server.db.query<{ id: number }>(
          `select mi.id from menu_items mi where mi.vendor_id = $1
           and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and (g.is_required or g.min_quantity > 0))
           order by mi.id limit 1`,
          [ids.smash],
        )
      )[0]!.id;
      const base = (await vendor(ids.smash)).preparationTime;
      expect((await patch(`/trailers/${ids.smash}`, { slotCap: 1 }, manager)).status).toBe(200);
      const first = await server.registerCustomer();
      const second = await server.registerCustomer();
      await addToCart(server, first.token, ids.smash, smashItem);
      expect((await getCart(server, first.token, ids.smash)).vendor_info!.preparationTime).toEqual(
        base,
      );
      const one = await server.request<{ id: number }>("/api/orders", {
        token: first.token,
        body: cashOrder(ids.smash),
      });
      expect(one.status, one.text).toBe(201);

      await addToCart(server, second.token, ids.smash, smashItem);
      const later = (await getCart(server, second.token, ids.smash)).vendor_info!.preparationTime;
      expect(later).toEqual({ min: base.min + 15, max: base.max + 15 });
      const two = await server.request<{ id: number }>("/api/orders", {
        token: second.token,
        body: cashOrder(ids.smash),
      });
      expect(two.status, two.text).toBe(201);
      const [a, b] = await server.db.query<{ at: Date }>(
        "select estimated_ready_at as at from orders where id = any($1::int[]) order by id",
        [[one.body.id, two.body.id]],
      );
      expect(new Date(b!.at).getTime() - new Date(a!.at).getTime()).toBeGreaterThanOrEqual(
        14 * 60_000,
      );

      await patch(`/trailers/${ids.smash}`, { pauseWhenFull: true }, manager);
      const third = await server.registerCustomer();
      const add = await server.request<{ message: string }>("/api/cart/add", {
        token: third.token,
        body: { itemId: smashItem, vendorId: ids.smash, quantity: 1 },
      });
      expect(add.status).toBe(200);
      const refused = await server.request<{ message: string }>("/api/orders", {
        token: third.token,
        body: cashOrder(ids.smash),
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("Smash Stack is busy and not taking orders right now.");
      await patch(`/trailers/${ids.smash}`, { slotCap: null, pauseWhenFull: false }, manager);
    });
  });

  describe("card payments", () => {
    it("expires the local test checkout after 30 minutes, as Stripe's expires_at does", async () => {
      await clearCart();
      const cart = await addToCart(server, customer.token, ids.forno, ids.limonata);
      const intent = await server.request<{ paymentIntentId: string; message?: string }>(
        "/api/payments/stripe/create-intent",
        {
          token: customer.token,
          body: {
            orderData: { vendorId: ids.forno, orderType: "takeaway", items: [] },
            amount: cart.total,
            currency: "gbp",
          },
        },
      );
      expect(intent.status, intent.text).toBe(200);
      await server.db.query(
        "update payments set created_at = now() - interval '31 minutes' where id = $1",
        [intent.body.paymentIntentId],
      );
      const paid = await fetch(
        `${server.baseUrl}/pay/test-checkout/${intent.body.paymentIntentId}`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            number: "4242424242424242",
            expiry: "12 / 34",
            cvc: "123",
            name: "Casey",
          }).toString(),
          redirect: "manual",
        },
      );
      expect(await paid.text()).toContain("This payment session has expired.");
      const [row] = await server.db.query<{ status: string; order_id: number | null }>(
        "select status, order_id from payments where id = $1",
        [intent.body.paymentIntentId],
      );
      expect(row).toEqual({ status: "canceled", order_id: null });
      await clearCart();
    });
  });

  describe("late sold out on a card payment", () => {
    const startPayment = async (token: string) => {
      const cart = await getCart(server, token, ids.forno);
      const intent = await server.request<{ paymentIntentId: string }>(
        "/api/payments/stripe/create-intent",
        {
          token,
          body: {
            orderData: { vendorId: ids.forno, orderType: "takeaway", items: [] },
            amount: cart.total,
            currency: "gbp",
          },
        },
      );
      expect(intent.status, intent.text).toBe(200);
      return { id: intent.body.paymentIntentId, totalPence: cart.totalPence };
    };
    const pay = (paymentId: string) =>
      fetch(`${server.baseUrl}/pay/test-checkout/${paymentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          number: "4242424242424242",
          expiry: "12 / 34",
          cvc: "123",
          name: "Casey",
        }).toString(),
        redirect: "manual",
      });
    const status = (token: string, paymentId: string) =>
      server.request<{
        status: string;
        orderId: number | null;
        error: string | null;
        refund?: { amountPence: number; note: string };
      }>(`/api/payments/stripe/status/${paymentId}`, { token });

    it("orders the rest as paid and refunds the lines that sold out, naming them", async () => {
      const buyer = await server.registerCustomer();
      await addToCart(server, buyer.token, ids.forno, ids.limonata, 2);
      await addWithRequiredChoices(server, buyer.token, ids.forno, ids.margherita);
      const payment = await startPayment(buyer.token);
      await patch(`/menu-items/${ids.limonata}`, { soldOut: true }, fornoStaff);
      try {
        await pay(payment.id);
        const answer = await status(buyer.token, payment.id);
        expect(answer.body.status).toBe("paid");
        expect(answer.body.refund).toEqual({
          amountPence: 600,
          note: "San Pellegrino Limonata sold out while you were paying: £6.00 has been refunded. The rest of your order is on its way.",
        });
        const [order] = await server.db.query<{ total_pence: number; names: string[] }>(
          `select o.total_pence, array(select name from order_items where order_id = o.id) as names
           from orders o where o.id = $1`,
          [answer.body.orderId],
        );
        expect(order).toEqual({ total_pence: payment.totalPence - 600, names: ["Margherita"] });
      } finally {
        await patch(`/menu-items/${ids.limonata}`, { soldOut: false }, fornoStaff);
      }
    });

    it("refunds the whole payment and places no order when nothing is left", async () => {
      const buyer = await server.registerCustomer();
      await addToCart(server, buyer.token, ids.forno, ids.limonata);
      const payment = await startPayment(buyer.token);
      await patch(`/menu-items/${ids.limonata}`, { soldOut: true }, fornoStaff);
      try {
        await pay(payment.id);
        const answer = await status(buyer.token, payment.id);
        expect(answer.body.orderId).toBeNull();
        expect(answer.body.error).toBe(
          `San Pellegrino Limonata sold out while you were paying, so your payment of £${(payment.totalPence / 100).toFixed(2)} has been refunded in full.`,
        );
        expect(answer.body.refund?.amountPence).toBe(payment.totalPence);
      } finally {
        await patch(`/menu-items/${ids.limonata}`, { soldOut: false }, fornoStaff);
      }
    });
  });

  describe("caps", () => {
    it("refuses an order above the quantity or total cap with a clear 422", async () => {
      await clearCart();
      await addToCart(server, customer.token, ids.forno, ids.limonata, 6);
      const tooMany = await server.request<{ message: string }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.message).toBe(
        "An order can have at most 5 items in all. Please split it into two orders.",
      );
      await clearCart();
      await addWithRequiredChoices(server, customer.token, ids.forno, ids.margherita);
      await server.request("/api/cart/update", {
        method: "PUT",
        token: customer.token,
        body: { itemId: ids.margherita, vendorId: ids.forno, quantity: 3 },
      });
      const cart = await getCart(server, customer.token, ids.forno);
      const tooDear = await server.request<{ message: string }>("/api/orders", {
        token: customer.token,
        body: cashOrder(ids.forno),
      });
      expect(cart.totalPence).toBeGreaterThan(2_000);
      expect(tooDear.status).toBe(422);
      expect(tooDear.body.message).toBe(
        "An order can come to at most £20.00. Please split it into two orders.",
      );
      await clearCart();
    });
  });

  describe("push subscriptions per customer", () => {
    it("refuses one more browser than the cap with a 422, and still renews a known one", async () => {
      const subscriber = await server.registerCustomer();
      const subscribe = (endpoint: string) =>
        server.request<{ message?: string }>("/api/push/subscribe", {
          token: subscriber.token,
          body: { endpoint, keys: createBrowserSubscriptionKeys().keys },
        });
      for (const n of [1, 2]) {
        const ok = await subscribe(`https://push.example.com/send/cap-${n}`);
        expect(ok.status, ok.text).toBeLessThan(300);
      }
      const third = await subscribe("https://push.example.com/send/cap-3");
      expect(third.status).toBe(422);
      expect(third.body.message).toBe(
        "You can get notifications on at most 2 browsers. Turn them off on one you no longer use.",
      );
      expect((await subscribe("https://push.example.com/send/cap-1")).status).toBeLessThan(300);
    });
  });

  describe("audit", () => {
    it("records who, when, what, before and after; trailer staff see their trailers' only", async () => {
      await patch(`/trailers/${ids.smash}`, { slotCap: 4 }, manager);
      const log = await server.request<{ data: AuditEntry[] }>("/api/staff/audit", {
        token: manager,
      });
      expect(log.status).toBe(200);
      expect(log.body.data.length).toBeLessThanOrEqual(50);
      expect(log.body.data[0]).toMatchObject({
        who: MANAGER.email,
        vendorName: "Smash Stack",
        action: "slot cap",
        summary: "Orders per slot no cap → 4 per 15 min",
        before: expect.objectContaining({ slotCap: null }),
        after: expect.objectContaining({ slotCap: 4 }),
      });
      expect(Date.now() - new Date(log.body.data[0]!.at).getTime()).toBeLessThan(60_000);
      const soldOut = log.body.data.find((entry) => entry.action === "sold out");
      expect(soldOut).toMatchObject({
        summary: `${soldOut!.target} sold out`,
        before: { soldOut: false },
        after: { soldOut: true },
      });
      const paused = log.body.data.find((entry) => /^pause \d+ min$/.test(entry.action));
      // A pause that ends on the next park day names it ("busy until Mon 00:12", contract/park-clock.ts).
      expect(paused?.summary).toMatch(/^Status open → busy until (?:[A-Z][a-z]{2} )?\d\d:\d\d$/);

      const theirs = await server.request<{ data: AuditEntry[] }>("/api/staff/audit", {
        token: fornoStaff,
      });
      expect(theirs.body.data.length).toBeGreaterThan(0);
      expect(theirs.body.data.every((entry) => entry.vendorId === ids.forno)).toBe(true);
      await patch(`/trailers/${ids.smash}`, { slotCap: null }, manager);
    });
  });
});
