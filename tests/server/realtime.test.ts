import { kitchenTicketSchema } from "@contract/kitchen";
import type { OrderStatusNotification } from "@contract/orders";
import {
  SOCKET_EVENTS,
  SOCKET_MESSAGES,
  STAFF_ROOM,
  type StaffOrderChanged,
  staffTrailerRoom,
  userRoom,
} from "@contract/realtime";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { vendorIdOf } from "./helpers/demo-park";
import { createOrderFixture } from "./helpers/order-fixtures";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const QUIET_MS = 300;

/** Resolves with the first payload of `event`, or rejects after `ms`. */
function next<T>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every payload of `event` from now on. */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)("socket.io on %s", (kind) => {
  let server: TestServer;
  let alice: RegisteredCustomer;
  let bob: RegisteredCustomer;
  let staffToken: string;
  const sockets: Socket[] = [];

  const open = (auth?: { token: string }) => {
    const socket = connect(server.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    return socket;
  };

  /** A socket signed in as `customer` and in their room, the way the PWA does it. */
  async function customerSocket(customer: RegisteredCustomer): Promise<Socket> {
    const socket = open();
    await next(socket, "connect");
    const joined = next<{ room: string }>(socket, SOCKET_EVENTS.roomJoined);
    const authed = next<{ userId: number }>(socket, SOCKET_EVENTS.authSuccess);
    socket.emit(SOCKET_EVENTS.userAuth, { token: customer.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
    expect(await authed).toMatchObject({ userId: customer.user.id });
    expect(await joined).toEqual({ room: userRoom(customer.user.id) });
    return socket;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind });
    alice = await server.registerCustomer({ name: "Alice" });
    bob = await server.registerCustomer({ name: "Bob" });
    staffToken = await server.login("staff@foodpark.test", "staff-password");
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("signs a client in with user-auth and joins its own room", async () => {
    await customerSocket(alice);
  });

  it("refuses a forged or malformed token with auth-error, and then refuses the room", async () => {
    const socket = open();
    await next(socket, "connect");
    const failure = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
    socket.emit(SOCKET_EVENTS.userAuth, { token: `${alice.token}x` });
    expect(await failure).toEqual({ message: SOCKET_MESSAGES.invalidToken });

    const refused = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
    const joined = record(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.joinUserRoom, alice.user.id);
    expect(await refused).toEqual({ message: SOCKET_MESSAGES.notAuthenticated });

    const malformed = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
    socket.emit(SOCKET_EVENTS.userAuth, { nope: true });
    expect(await malformed).toEqual({ message: SOCKET_MESSAGES.invalidToken });
    await pause(QUIET_MS);
    expect(joined).toEqual([]);
  });

  it("accepts the token in the handshake auth", async () => {
    const socket = open({ token: bob.token });
    await next(socket, "connect");
    const joined = next<{ room: string }>(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.joinUserRoom, { userId: bob.user.id });
    expect(await joined).toEqual({ room: userRoom(bob.user.id) });
  });

  it("never lets a client join another user's room", async () => {
    const socket = open();
    await next(socket, "connect");
    socket.emit(SOCKET_EVENTS.userAuth, { token: bob.token });
    const refused = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
    const joined = record(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.joinUserRoom, alice.user.id);
    expect(await refused).toEqual({ message: SOCKET_MESSAGES.foreignRoom });
    const rooms = [...(server.app.io.sockets.adapter.rooms.get(userRoom(alice.user.id)) ?? [])];
    expect(rooms).toEqual([]);

    const staffRefused = next<{ message: string }>(socket, SOCKET_EVENTS.authError);
    socket.emit(SOCKET_EVENTS.joinStaffRoom);
    expect(await staffRefused).toEqual({ message: SOCKET_MESSAGES.staffOnly });
    await pause(QUIET_MS);
    expect(joined).toEqual([]);
  });

  it("answers ping with pong", async () => {
    const socket = open();
    await next(socket, "connect");
    const pong = next<{ timestamp: number }>(socket, SOCKET_EVENTS.pong);
    socket.emit(SOCKET_EVENTS.ping);
    expect((await pong).timestamp).toEqual(expect.any(Number));
  });

  it("delivers a staff status change to the customer's socket only, and to the staff room", async () => {
    const fixture = await createOrderFixture(server.db, {
      userId: alice.user.id,
      status: "confirmed",
    });
    const aliceSocket = await customerSocket(alice);
    const bobSocket = await customerSocket(bob);
    const bobHeard = record(bobSocket, SOCKET_EVENTS.orderStatusNotification);
    const bobStaffHeard = record(bobSocket, SOCKET_EVENTS.staffOrderChanged);

    const staffSocket = open({ token: staffToken });
    await next(staffSocket, "connect");
    const staffJoined = next<{ room: string }>(staffSocket, SOCKET_EVENTS.roomJoined);
    staffSocket.emit(SOCKET_EVENTS.joinStaffRoom);
    expect(await staffJoined).toEqual({ room: STAFF_ROOM });

    const notification = next<OrderStatusNotification>(
      aliceSocket,
      SOCKET_EVENTS.orderStatusNotification,
    );
    const staffChange = next<StaffOrderChanged>(staffSocket, SOCKET_EVENTS.staffOrderChanged);
    const response = await server.request(`/api/staff/orders/${fixture.id}`, {
      method: "PATCH",
      body: { status: "preparing" },
      token: staffToken,
    });
    expect(response.status).toBe(200);

    expect(await notification).toEqual({
      orderId: fixture.id,
      status: "preparing",
      vendorName: fixture.vendorName,
      updatedAt: expect.any(String),
    });
    expect(await staffChange).toEqual({
      kind: "status",
      orderId: fixture.id,
      vendorId: fixture.vendorId,
      status: "preparing",
      previousStatus: "confirmed",
      move: "step",
      // The kitchen ticket as GET /api/staff/kitchen/tickets/:id has it: the screen shows it without a request.
      ticket: expect.objectContaining({
        orderId: fixture.id,
        status: "preparing",
        version: expect.any(Number),
      }),
    });
    expect(kitchenTicketSchema.safeParse((await staffChange).ticket).success).toBe(true);
    await pause(QUIET_MS);
    expect(bobHeard).toEqual([]);
    expect(bobStaffHeard).toEqual([]);
  });

  it("replays a status change sent during a short drop once the client reconnects", async () => {
    const fixture = await createOrderFixture(server.db, {
      userId: alice.user.id,
      status: "preparing",
    });
    const socket = connect(server.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    sockets.push(socket);
    await next(socket, "connect");
    const joined = next(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.userAuth, { token: alice.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, alice.user.id);
    await joined;
    // The offset the server uses for recovery arrives with the first event; get one delivered first.
    const warmUp = next(socket, SOCKET_EVENTS.orderStatusNotification);
    await server.request(`/api/staff/orders/${fixture.id}`, {
      method: "PATCH",
      body: { status: "ready" },
      token: staffToken,
    });
    await warmUp;

    const dropped = next(socket, "disconnect");
    socket.io.engine.close();
    await dropped;
    const heard = record<OrderStatusNotification>(socket, SOCKET_EVENTS.orderStatusNotification);
    // Listened for before the change: the client may be back (100–200 ms) before a slow request answers.
    const back = next(socket, "connect");
    await server.request(`/api/staff/orders/${fixture.id}`, {
      method: "PATCH",
      body: { status: "completed" },
      token: staffToken,
    });
    await back;
    expect(socket.recovered).toBe(true);
    await pause(QUIET_MS);
    expect(heard.map((notification) => notification.status)).toEqual(["completed"]);
  });

  it("tells the staff room about a newly placed order", async () => {
    const staffSocket = open({ token: staffToken });
    await next(staffSocket, "connect");
    const joined = next(staffSocket, SOCKET_EVENTS.roomJoined);
    staffSocket.emit(SOCKET_EVENTS.joinStaffRoom);
    await joined;
    const change = next<StaffOrderChanged>(staffSocket, SOCKET_EVENTS.staffOrderChanged);
    server.app.events.emit("orderPlaced", {
      orderId: 4242,
      userId: alice.user.id,
      vendorId: 1,
      status: "pending_payment",
    });
    expect(await change).toEqual({
      kind: "placed",
      orderId: 4242,
      vendorId: 1,
      status: "pending_payment",
    });
  });

  describe("staff rooms per trailer", () => {
    const FORNO_STAFF = { email: "forno-room@foodpark.test", password: "forno-room-password" };

    /** A staff socket in the rooms its account may hear; answers it and what `room-joined` said. */
    async function staffSocket(token: string) {
      const socket = open({ token });
      await next(socket, "connect");
      const joined = next<{ room: string; rooms?: string[] }>(socket, SOCKET_EVENTS.roomJoined);
      socket.emit(SOCKET_EVENTS.joinStaffRoom);
      return { socket, joined: await joined };
    }

    it("trailer staff hear only their trailer's orders; a park manager hears every trailer's", async () => {
      const forno = await vendorIdOf(server.db, "forno-fuoco");
      const smash = await vendorIdOf(server.db, "smash-stack");
      await addStaffAccount(server.db, { ...FORNO_STAFF, trailers: ["forno-fuoco"] });
      const fornoToken = await server.login(FORNO_STAFF.email, FORNO_STAFF.password);

      const trailerStaff = await staffSocket(fornoToken);
      expect(trailerStaff.joined).toEqual({
        room: staffTrailerRoom(forno),
        rooms: [staffTrailerRoom(forno)],
      });
      const manager = await staffSocket(staffToken);
      expect(manager.joined).toEqual({ room: STAFF_ROOM });
      const heardByTrailerStaff = record<StaffOrderChanged>(
        trailerStaff.socket,
        SOCKET_EVENTS.staffOrderChanged,
      );
      const heardByManager = record<StaffOrderChanged>(
        manager.socket,
        SOCKET_EVENTS.staffOrderChanged,
      );

      const smashOrder = await createOrderFixture(server.db, {
        userId: alice.user.id,
        vendorId: smash,
        status: "pending",
      });
      const fornoOrder = await createOrderFixture(server.db, {
        userId: alice.user.id,
        vendorId: forno,
        status: "pending",
      });
      for (const order of [smashOrder, fornoOrder]) {
        const changed = await server.request(`/api/staff/orders/${order.id}`, {
          method: "PATCH",
          body: { status: "confirmed" },
          token: staffToken,
        });
        expect(changed.status).toBe(200);
      }
      const deadline = Date.now() + 3000;
      while (heardByManager.length < 2 && Date.now() < deadline) await pause(20);
      await pause(QUIET_MS);

      expect(heardByManager.map((change) => change.orderId)).toEqual([
        smashOrder.id,
        fornoOrder.id,
      ]);
      // Each trailer's ticket goes only to the rooms that may see that trailer.
      expect(heardByTrailerStaff).toEqual([
        {
          kind: "status",
          orderId: fornoOrder.id,
          vendorId: forno,
          status: "confirmed",
          previousStatus: "pending",
          move: "step",
          ticket: expect.objectContaining({ orderId: fornoOrder.id, vendorId: forno }),
        },
      ]);
      expect(heardByManager.map((change) => change.ticket?.vendorId)).toEqual([smash, forno]);
    });
  });
});
