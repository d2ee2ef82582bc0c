import {
  type AllDayCount,
  type BoardResponse,
  KITCHEN_MESSAGES,
  KITCHEN_SOCKET_EVENTS,
  type KitchenMoveResponse,
  type KitchenTicket,
  type KitchenTicketsResponse,
  type KitchenTrailer,
  type RecallEntry,
} from "@contract/kitchen";
import { SOCKET_EVENTS } from "@contract/realtime";
import type { OrderStatusChanged } from "@server/events.js";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoIds, demoIds } from "./helpers/checkout-fixtures";
import { createOrderFixture, type OrderFixtureInput } from "./helpers/order-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
const FORNO_STAFF = { email: "forno-kitchen@foodpark.test", password: "forno-kitchen-pass" };

type Answer<T> = T & { message?: string };

function next<T>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe.each(databaseKinds)("the kitchen screen on %s", (kind) => {
  let server: TestServer;
  let ids: DemoIds;
  let manager: string;
  let fornoStaff: string;
  let customer: RegisteredCustomer;
  const changes: OrderStatusChanged[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind });
    ids = await demoIds(server);
    manager = await server.login(MANAGER.email, MANAGER.password);
    await addStaffAccount(server.db, { ...FORNO_STAFF, trailers: ["forno-fuoco"] });
    fornoStaff = await server.login(FORNO_STAFF.email, FORNO_STAFF.password);
    customer = await server.registerCustomer({ name: "Priya Shah" });
    server.app.events.on("orderStatusChanged", (event) => changes.push(event));
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server?.close();
  });

  const order = (input: Partial<OrderFixtureInput> = {}) =>
    createOrderFixture(server.db, { userId: customer.user.id, vendorId: ids.forno, ...input });
  const tickets = (token: string, query = "") =>
    server.request<Answer<KitchenTicketsResponse>>(`/api/staff/kitchen/tickets${query}`, { token });
  const ticket = async (orderId: number, token = manager) => {
    const response = await server.request<{ data: KitchenTicket }>(
      `/api/staff/kitchen/tickets/${orderId}`,
      { token },
    );
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const move = (orderId: number, body: Record<string, unknown>, token = manager) =>
    server.request<Answer<KitchenMoveResponse>>(`/api/staff/kitchen/tickets/${orderId}/moves`, {
      method: "POST",
      body,
      token,
    });
  const step = async (orderId: number, status: string, token = manager) => {
    const current = await ticket(orderId, token);
    const response = await move(orderId, { status, version: current.version }, token);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const statusOf = async (orderId: number) =>
    (
      await server.db.query<{ status: string }>("select status from orders where id = $1", [
        orderId,
      ])
    )[0]!.status;
  const history = (orderId: number) =>
    server.db.query<{
      status: string;
      kind: string;
      from_status: string | null;
      changed_by: number | null;
    }>(
      "select status, kind, from_status, changed_by from order_status_history where order_id = $1 order by id",
      [orderId],
    );
  const ageHistory = (orderId: number, seconds: number) =>
    server.db.query(
      `update order_status_history set changed_at = changed_at - make_interval(secs => $2)
       where id = (select max(id) from order_status_history where order_id = $1)`,
      [orderId, seconds],
    );

  describe("roles and scope", () => {
    it("shows trailer staff only their trailer's tickets, and a park manager every trailer's", async () => {
      const forno = await order();
      const smash = await order({ vendorId: ids.smash });
      const mine = await tickets(fornoStaff);
      expect(mine.status).toBe(200);
      expect(mine.body.allTrailers).toBe(false);
      const mineIds = mine.body.data.map((entry) => entry.orderId);
      expect(mineIds).toContain(forno.id);
      expect(mineIds).not.toContain(smash.id);
      expect(mine.body.trailers.map((trailer) => trailer.vendorId)).toEqual([ids.forno]);
      const all = await tickets(manager);
      expect(all.body.data.map((entry) => entry.orderId)).toEqual(
        expect.arrayContaining([forno.id, smash.id]),
      );
    });

    it("refuses another trailer's ticket to trailer staff: no read, no move, no check-off (403, nothing written)", async () => {
      const smash = await order({ vendorId: ids.smash });
      const read = await server.request(`/api/staff/kitchen/tickets/${smash.id}`, {
        token: fornoStaff,
      });
      expect(read.status).toBe(403);
      expect((await tickets(fornoStaff, `?vendorId=${ids.smash}`)).status).toBe(403);
      const moved = await move(smash.id, { status: "preparing", version: 0 }, fornoStaff);
      expect(moved.status).toBe(403);
      expect(await statusOf(smash.id)).toBe("confirmed");
      const [line] = await server.db.query<{ id: number }>(
        "select id from order_items where order_id = $1",
        [smash.id],
      );
      const struck = await server.request(
        `/api/staff/kitchen/tickets/${smash.id}/lines/${line!.id}`,
        {
          method: "PUT",
          body: { made: true },
          token: fornoStaff,
        },
      );
      expect(struck.status).toBe(403);
      const recall = await server.request<{ data: RecallEntry[] }>(
        `/api/staff/kitchen/recall?vendorId=${ids.smash}`,
        { token: fornoStaff },
      );
      expect(recall.status).toBe(403);
    });

    it("refuses customers (403) and strangers (401); a missing order is 404", async () => {
      expect((await tickets(customer.token)).status).toBe(403);
      expect((await server.request("/api/staff/kitchen/tickets")).status).toBe(401);
      expect((await move(999_999, { status: "preparing", version: 0 })).status).toBe(404);
    });
  });

  describe("a ticket", () => {
    it("carries the number, first name, car, lines with add-ons and notes, allergy notes and the cash to take", async () => {
      const placed = await order({
        status: "pending_payment",
        paymentMethod: "cash_at_counter",
        orderType: "delivery",
        vehicle: { registrationNumber: "AB12 CDE", make: "Ford", colour: "Blue" },
        allergyNote: "Peanut allergy",
        lines: [
          {
            menuItemId: ids.margherita,
            quantity: 2,
            addonCount: 1,
            specialInstructions: "No basil",
          },
        ],
        estimatedReadyAt: new Date(Date.now() + 15 * 60_000),
      });
      const shown = await ticket(placed.id);
      expect(shown).toMatchObject({
        orderId: placed.id,
        orderNumber: placed.id,
        firstName: "Priya",
        orderType: "delivery",
        vehicle: { registrationNumber: "AB12 CDE", make: "Ford", colour: "Blue" },
        allergyNote: "Peanut allergy",
        status: "pending_payment",
        toPayPence: placed.totalPence,
        startAt: null,
        siblings: [],
        version: 0,
      });
      expect(shown.lines).toHaveLength(1);
      expect(shown.lines[0]).toMatchObject({
        name: "Margherita",
        quantity: 2,
        note: "No basil",
        made: false,
      });
      expect(shown.lines[0]!.addons).toHaveLength(1);
      expect(shown.promisedAt).not.toBeNull();
      expect(JSON.stringify(shown)).not.toContain(customer.email);
    });

    it("lists open tickets by the time promised to the customer", async () => {
      const late = await order({ estimatedReadyAt: new Date(Date.now() + 40 * 60_000) });
      const soon = await order({ estimatedReadyAt: new Date(Date.now() + 2 * 60_000) });
      const list = (await tickets(manager, `?vendorId=${ids.forno}`)).body.data.map(
        (entry) => entry.orderId,
      );
      expect(list.indexOf(soon.id)).toBeLessThan(list.indexOf(late.id));
    });
  });

  describe("steps", () => {
    it("moves one step per tap: a repeat of the same step on the old version is answered, not applied", async () => {
      const placed = await order();
      const first = await move(placed.id, { status: "preparing", version: 0 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        applied: true,
        data: { status: "preparing", version: 1 },
      });
      const repeat = await move(placed.id, { status: "preparing", version: 0 });
      expect(repeat.status).toBe(200);
      expect(repeat.body).toMatchObject({
        applied: false,
        data: { status: "preparing", version: 1 },
      });
      const rows = await history(placed.id);
      expect(rows.filter((row) => row.status === "preparing")).toHaveLength(1);
      expect(rows.at(-1)).toMatchObject({ kind: "step", from_status: "confirmed" });
    });

    it("refuses a move on a stale version (409) and leaves the ticket where it is", async () => {
      const placed = await order();
      await step(placed.id, "preparing");
      const stale = await move(placed.id, { status: "ready", version: 0 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(KITCHEN_MESSAGES.versionConflict);
      expect(await statusOf(placed.id)).toBe("preparing");
    });

    it("two quick taps (Ready, then Collected on the same version) never take a ticket two steps", async () => {
      const placed = await order({ status: "preparing" });
      const [ready, collected] = await Promise.all([
        move(placed.id, { status: "ready", version: 0 }),
        move(placed.id, { status: "completed", version: 0 }),
      ]);
      const statuses = [ready.status, collected.status].sort();
      expect(statuses).toContain(200);
      expect(await statusOf(placed.id)).not.toBe("completed");
      expect(["ready", "preparing"]).toContain(await statusOf(placed.id));
    });

    it("takes cash first (pending_payment → confirmed), then Start, Ready and Delivered for a car", async () => {
      const placed = await order({
        status: "pending_payment",
        paymentMethod: "cash_at_counter",
        orderType: "delivery",
        vehicle: { registrationNumber: "AB12 CDE", make: "Ford", colour: "Blue" },
      });
      expect((await step(placed.id, "confirmed")).toPayPence).toBeNull();
      await step(placed.id, "preparing");
      await step(placed.id, "ready");
      const done = await step(placed.id, "delivered");
      expect(done.status).toBe("delivered");
      const refused = await move(placed.id, { status: "completed", version: done.version });
      expect(refused.status).toBe(409);
    });

    it("announces every move on the order's status event (the customer's toast and push follow)", async () => {
      const placed = await order({ status: "preparing" });
      changes.length = 0;
      await step(placed.id, "ready");
      expect(changes).toEqual([
        expect.objectContaining({
          orderId: placed.id,
          status: "ready",
          previousStatus: "preparing",
          move: "step",
        }),
      ]);
    });
  });

  describe("undo", () => {
    it("takes the last step back within 5 s, audited as an undo by that staff member; the customer hears it", async () => {
      const placed = await order({ status: "preparing" });
      const phone = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        auth: { token: customer.token },
      });
      sockets.push(phone);
      await next(phone, "connect");
      const joined = next(phone, SOCKET_EVENTS.roomJoined);
      phone.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
      await joined;
      const heardReady = next<{ status: string }>(phone, SOCKET_EVENTS.orderStatusNotification);
      const ready = await step(placed.id, "ready", fornoStaff);
      expect(ready.undo?.toStatus).toBe("preparing");
      expect(await heardReady).toMatchObject({ orderId: placed.id, status: "ready" });
      const heardUndo = next<{ status: string; move?: string }>(
        phone,
        SOCKET_EVENTS.orderStatusNotification,
      );
      changes.length = 0;
      const undone = await move(
        placed.id,
        { status: "preparing", version: ready.version, move: "undo" },
        fornoStaff,
      );
      expect(undone.status, undone.text).toBe(200);
      expect(undone.body.data).toMatchObject({
        status: "preparing",
        version: ready.version + 1,
        undo: null,
      });
      const staffId = (
        await server.db.query<{ id: number }>("select id from users where email = $1", [
          FORNO_STAFF.email,
        ])
      )[0]!.id;
      expect((await history(placed.id)).at(-1)).toMatchObject({
        kind: "undo",
        status: "preparing",
        from_status: "ready",
        changed_by: staffId,
      });
      expect(changes).toEqual([
        expect.objectContaining({
          orderId: placed.id,
          status: "preparing",
          previousStatus: "ready",
          move: "undo",
        }),
      ]);
      // The customer's phone is told the earlier status, marked as an undo (its screens accept a status going back).
      expect(await heardUndo).toMatchObject({
        orderId: placed.id,
        status: "preparing",
        move: "undo",
      });
      // A second tap on Undo (the old version) is answered, not applied.
      const again = await move(
        placed.id,
        { status: "preparing", version: ready.version, move: "undo" },
        fornoStaff,
      );
      expect(again.body.applied).toBe(false);
    });

    it("refuses an undo after 5 s, one on a stale version, and an undo of a cancel", async () => {
      const placed = await order({ status: "preparing" });
      const ready = await step(placed.id, "ready");
      await ageHistory(placed.id, 6);
      expect((await ticket(placed.id)).undo).toBeNull();
      const late = await move(placed.id, {
        status: "preparing",
        version: ready.version,
        move: "undo",
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(KITCHEN_MESSAGES.undoExpired);
      expect(await statusOf(placed.id)).toBe("ready");

      const other = await order({ status: "preparing" });
      const moved = await step(other.id, "ready");
      const stale = await move(other.id, {
        status: "preparing",
        version: moved.version - 1,
        move: "undo",
      });
      expect(stale.status).toBe(409);

      const cancelled = await order();
      const gone = await step(cancelled.id, "cancelled");
      const undoCancel = await move(cancelled.id, {
        status: "confirmed",
        version: gone.version,
        move: "undo",
      });
      expect(undoCancel.status).toBe(409);
      expect(await statusOf(cancelled.id)).toBe("cancelled");
    });
  });

  describe("recall", () => {
    it("brings a ticket that left within 15 minutes back to its previous stage, audited; the customer follows", async () => {
      const placed = await order({ status: "ready" });
      const done = await step(placed.id, "completed");
      await ageHistory(placed.id, 10); // past the undo window
      const list = await server.request<{ data: RecallEntry[] }>(
        `/api/staff/kitchen/recall?vendorId=${ids.forno}`,
        { token: fornoStaff },
      );
      const entry = list.body.data.find((row) => row.orderId === placed.id);
      expect(entry).toMatchObject({
        status: "completed",
        previousStatus: "ready",
        version: done.version,
        firstName: "Priya",
      });
      changes.length = 0;
      const recalled = await move(
        placed.id,
        { status: "ready", version: entry!.version, move: "recall" },
        fornoStaff,
      );
      expect(recalled.status, recalled.text).toBe(200);
      expect(recalled.body.data.status).toBe("ready");
      expect((await history(placed.id)).at(-1)).toMatchObject({
        kind: "recall",
        status: "ready",
        from_status: "completed",
      });
      expect(changes[0]).toMatchObject({ status: "ready", move: "recall" });
    });

    it("never recalls a cancelled ticket, nor one that left more than 15 minutes ago", async () => {
      const cancelled = await order();
      const gone = await step(cancelled.id, "cancelled");
      const refused = await move(cancelled.id, {
        status: "confirmed",
        version: gone.version,
        move: "recall",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(KITCHEN_MESSAGES.recallCancelled);

      const old = await order({ status: "ready" });
      const done = await step(old.id, "completed");
      await ageHistory(old.id, 16 * 60);
      const list = await server.request<{ data: RecallEntry[] }>("/api/staff/kitchen/recall", {
        token: manager,
      });
      const listed = list.body.data.map((row) => row.orderId);
      expect(listed).not.toContain(old.id);
      expect(listed).not.toContain(cancelled.id);
      const late = await move(old.id, { status: "ready", version: done.version, move: "recall" });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(KITCHEN_MESSAGES.recallExpired);
      expect(await statusOf(old.id)).toBe("completed");
    });

    it("lists only the last 10 tickets that left", async () => {
      const smashStaff = { email: "smash-kitchen@foodpark.test", password: "smash-kitchen-pass" };
      await addStaffAccount(server.db, { ...smashStaff, trailers: ["smash-stack"] });
      const token = await server.login(smashStaff.email, smashStaff.password);
      const finished: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        const placed = await order({ vendorId: ids.smash, status: "ready" });
        await step(placed.id, "completed", token);
        finished.push(placed.id);
      }
      const list = await server.request<{ data: RecallEntry[] }>("/api/staff/kitchen/recall", {
        token,
      });
      expect(list.body.data.map((row) => row.orderId)).toEqual(finished.slice(-10).reverse());
      const oldest = await ticket(finished[0]!, token);
      const refused = await move(
        finished[0]!,
        { status: "ready", version: oldest.version, move: "recall" },
        token,
      );
      expect(refused.status).toBe(409);
    });
  });

  describe("check-off and all-day counts", () => {
    it("strikes a line when made, tells the trailer's screens, and the all-day counts drop it", async () => {
      const bakery = await server.registerCustomer({ name: "Sam" });
      const first = await createOrderFixture(server.db, {
        userId: bakery.user.id,
        vendorId: ids.forno,
        lines: [{ menuItemId: ids.margherita, quantity: 3 }],
      });
      await createOrderFixture(server.db, {
        userId: bakery.user.id,
        vendorId: ids.forno,
        lines: [{ menuItemId: ids.margherita, quantity: 1 }],
      });
      const allDay = async () =>
        (
          await server.request<{ data: AllDayCount[] }>(
            `/api/staff/kitchen/all-day?vendorId=${ids.forno}`,
            { token: fornoStaff },
          )
        ).body.data.find((count) => count.name === "Margherita" && count.addons.length === 0)
          ?.quantity ?? 0;
      const before = await allDay();
      expect(before).toBeGreaterThanOrEqual(4);

      const staffSocket = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        auth: { token: fornoStaff },
      });
      sockets.push(staffSocket);
      await next(staffSocket, "connect");
      const joined = next(staffSocket, SOCKET_EVENTS.roomJoined);
      staffSocket.emit(SOCKET_EVENTS.joinStaffRoom);
      await joined;
      const heard = next<{ orderId: number; kind: string }>(
        staffSocket,
        KITCHEN_SOCKET_EVENTS.kitchenTicketChanged,
      );

      const line = (await ticket(first.id)).lines[0]!;
      const struck = await server.request<{ data: KitchenTicket }>(
        `/api/staff/kitchen/tickets/${first.id}/lines/${line.id}`,
        { method: "PUT", body: { made: true }, token: fornoStaff },
      );
      expect(struck.status).toBe(200);
      expect(struck.body.data.lines[0]!.made).toBe(true);
      expect(await heard).toMatchObject({ orderId: first.id, kind: "lines" });
      expect(await allDay()).toBe(before - 3);

      const unstruck = await server.request<{ data: KitchenTicket }>(
        `/api/staff/kitchen/tickets/${first.id}/lines/${line.id}`,
        { method: "PUT", body: { made: false }, token: fornoStaff },
      );
      expect(unstruck.body.data.lines[0]!.made).toBe(false);
      const missing = await server.request(`/api/staff/kitchen/tickets/${first.id}/lines/999999`, {
        method: "PUT",
        body: { made: true },
        token: fornoStaff,
      });
      expect(missing.status).toBe(404);
    });
  });

  describe("lateness thresholds", () => {
    it("default to the longest preparation time and 1.5 × it; a trailer can set its own and go back", async () => {
      const trailerOf = async () =>
        (await tickets(fornoStaff)).body.trailers.find(
          (trailer) => trailer.vendorId === ids.forno,
        )!;
      expect(await trailerOf()).toMatchObject({
        lateAfterMinutes: 15,
        veryLateAfterMinutes: 23,
        customThresholds: false,
      });
      const put = (body: unknown, token = fornoStaff, vendorId = ids.forno) =>
        server.request<Answer<{ data: KitchenTrailer }>>(
          `/api/staff/kitchen/trailers/${vendorId}/settings`,
          {
            method: "PUT",
            body,
            token,
          },
        );
      const set = await put({ lateAfterMinutes: 12, veryLateAfterMinutes: 20 });
      expect(set.status, set.text).toBe(200);
      expect(await trailerOf()).toMatchObject({
        lateAfterMinutes: 12,
        veryLateAfterMinutes: 20,
        customThresholds: true,
      });
      expect((await put({ lateAfterMinutes: 20, veryLateAfterMinutes: 10 })).status).toBe(400);
      expect(
        (await put({ lateAfterMinutes: 12, veryLateAfterMinutes: 20 }, fornoStaff, ids.smash))
          .status,
      ).toBe(403);
      await put({ lateAfterMinutes: null, veryLateAfterMinutes: null });
      expect(await trailerOf()).toMatchObject({ lateAfterMinutes: 15, customThresholds: false });
    });
  });

  describe("the pickup board", () => {
    it("shows order numbers under Preparing and Ready, and no names, emails, plates or allergy notes", async () => {
      const preparing = await order({
        status: "preparing",
        allergyNote: "Sesame allergy",
        orderType: "delivery",
        vehicle: { registrationNumber: "ZX99 PLT", make: "Kia", colour: "Red" },
      });
      const ready = await order({ status: "ready", allergyNote: "Sesame allergy" });
      const confirmed = await order();
      const board = await server.request<BoardResponse>(`/api/staff/board?vendorId=${ids.forno}`, {
        token: fornoStaff,
      });
      expect(board.status).toBe(200);
      expect(board.body.preparing.map((entry) => entry.orderNumber)).toContain(preparing.id);
      expect(board.body.ready.map((entry) => entry.orderNumber)).toContain(ready.id);
      const everywhere = [...board.body.preparing, ...board.body.ready].map(
        (entry) => entry.orderNumber,
      );
      expect(everywhere).not.toContain(confirmed.id);
      for (const entry of [...board.body.preparing, ...board.body.ready])
        expect(Object.keys(entry).sort()).toEqual(["orderNumber", "vendorId"]);
      const text = board.text;
      for (const secret of ["Priya", "Shah", customer.email, "ZX99", "Sesame", "Kia"])
        expect(text).not.toContain(secret);
    });

    it("a board account reads the board and nothing else; trailer staff cannot make one; revoked is 401 at once", async () => {
      const refused = await server.request("/api/staff/board-accounts", {
        method: "POST",
        body: { name: "Hatch TV" },
        token: fornoStaff,
      });
      expect(refused.status).toBe(403);
      const created = await server.request<{
        data: { id: number; vendorId: number | null };
        accessCode: string;
      }>("/api/staff/board-accounts", {
        method: "POST",
        body: { name: "Forno hatch", vendorId: ids.forno },
        token: manager,
      });
      expect(created.status, created.text).toBe(201);
      const code = created.body.accessCode;
      const preparingElsewhere = await order({ vendorId: ids.smash, status: "preparing" });
      const board = await server.request<BoardResponse>("/api/staff/board", { token: code });
      expect(board.status).toBe(200);
      expect(board.body.trailers.map((trailer) => trailer.vendorId)).toEqual([ids.forno]);
      expect(board.body.preparing.map((entry) => entry.orderNumber)).not.toContain(
        preparingElsewhere.id,
      );
      for (const path of [
        "/api/staff/kitchen/tickets",
        "/api/staff/orders",
        "/api/orders",
        "/auth/me",
        "/api/staff/board-accounts",
      ])
        expect(
          (await server.request(path, { token: code, checkContract: false })).status,
          path,
        ).toBe(401);

      const socket = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      await next(socket, "connect");
      const joined = next<{ room: string }>(socket, SOCKET_EVENTS.roomJoined);
      socket.emit(KITCHEN_SOCKET_EVENTS.joinBoardRoom, { accessCode: code });
      expect((await joined).room).toBe(`board:trailer:${ids.forno}`);
      const placed = await order({ status: "preparing" });
      const changed = next<{ orderNumber: number; status: string; turnedReady: boolean }>(
        socket,
        KITCHEN_SOCKET_EVENTS.boardChanged,
      );
      await step(placed.id, "ready");
      expect(await changed).toEqual({
        orderNumber: placed.id,
        vendorId: ids.forno,
        status: "ready",
        turnedReady: true,
      });

      const dropped = next(socket, "disconnect");
      const revoked = await server.request(`/api/staff/board-accounts/${created.body.data.id}`, {
        method: "DELETE",
        token: manager,
      });
      expect(revoked.status).toBe(200);
      const after = await server.request<{ message: string }>("/api/staff/board", { token: code });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(KITCHEN_MESSAGES.boardRevoked);
      await dropped;
      const record = await server.request<{ data: { who: string; summary: string }[] }>(
        "/api/staff/audit",
        { token: manager },
      );
      const summaries = record.body.data.map((entry) => entry.summary);
      expect(summaries).toContain('Pickup board account "Forno hatch" created');
      expect(summaries).toContain('Pickup board account "Forno hatch" revoked');
    });

    it("refuses a socket that names no valid code, or a customer", async () => {
      const socket = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      await next(socket, "connect");
      const refused = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
      socket.emit(KITCHEN_SOCKET_EVENTS.joinBoardRoom, { accessCode: "fpboard_not-a-real-code" });
      expect((await refused).message).toBe(KITCHEN_MESSAGES.boardCodeInvalid);
      const customerBoard = await server.request("/api/staff/board", { token: customer.token });
      expect(customerBoard.status).toBe(403);
    });
  });
});
