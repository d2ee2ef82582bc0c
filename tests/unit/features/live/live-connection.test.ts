// @vitest-environment jsdom

import { SOCKET_EVENTS } from "@contract/realtime";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ClientLoader,
  openLiveConnection,
  ROOM_JOIN_TIMEOUT_MS,
  subscribeToStaffChanges,
} from "@/features/live/lib/live-connection";

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket to drive the connection logic. */
class FakeSocket {
  connected = false;
  recovered = false;
  auth: unknown;
  emitted: [string, unknown][] = [];
  handlers = new Map<string, Handler[]>();
  managerHandlers = new Map<string, Handler[]>();
  options: Record<string, unknown> = {};
  io = {
    on: (event: string, handler: Handler) =>
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]),
    removeAllListeners: () => this.managerHandlers.clear(),
  };
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  serverSends(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
  connectNow(recovered = false) {
    this.connected = true;
    this.recovered = recovered;
    this.serverSends("connect");
  }
  connect = vi.fn();
  disconnect = vi.fn(() => {
    this.connected = false;
  });
  removeAllListeners() {
    this.handlers.clear();
  }
}

let socket: FakeSocket;
let url: string | undefined;
const loader: ClientLoader = async () => ({
  io: ((target: string | undefined, options: Record<string, unknown>) => {
    url = target;
    socket.options = options;
    return socket;
  }) as never,
});

beforeEach(() => {
  socket = new FakeSocket();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const session = { token: "tok", userId: 7, url: "" };

describe("the live connection", () => {
  it("listens for 'pong': an answered ping keeps the socket, an unanswered one reconnects it", async () => {
    const errors: string[] = [];
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined, onError: (_e, context) => errors.push(context) },
      loader,
    );
    socket.connectNow();
    vi.advanceTimersByTime(30_000);
    socket.serverSends(SOCKET_EVENTS.pong, { timestamp: Date.now() });
    vi.advanceTimersByTime(30_000);
    expect(socket.disconnect).not.toHaveBeenCalled();
    // No pong for the second ping: by the third, the connection is called dead and made again.
    vi.advanceTimersByTime(30_000);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalled();
    expect(errors).toContain("socket ping");
    connection.close();
  });

  it("listens for 'auth-success': a refusal after a confirmed sign-in is retried again", async () => {
    const revalidateToken = vi.fn(async () => "fresh");
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined, revalidateToken },
      loader,
    );
    socket.connectNow();
    socket.serverSends(SOCKET_EVENTS.authError, { message: "expired" });
    await vi.waitFor(() => expect(revalidateToken).toHaveBeenCalledTimes(1));
    socket.serverSends(SOCKET_EVENTS.authSuccess, { userId: 7, role: "customer" });
    socket.serverSends(SOCKET_EVENTS.authError, { message: "expired" });
    await vi.waitFor(() => expect(revalidateToken).toHaveBeenCalledTimes(2));
    connection.close();
  });

  it("connects websocket first with polling fallback, 5 attempts, 1 s up to 5 s", async () => {
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined },
      loader,
    );
    expect(url).toBeUndefined();
    expect(socket.options).toMatchObject({
      transports: ["websocket", "polling"],
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      auth: { token: "tok" },
    });
    connection.close();
  });

  it("emits user-auth and join-user-room on every connect, and pings every 30 s", async () => {
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined },
      loader,
    );
    socket.connectNow();
    expect(socket.emitted).toEqual([
      [SOCKET_EVENTS.userAuth, { token: "tok" }],
      [SOCKET_EVENTS.joinUserRoom, 7],
    ]);
    socket.emitted = [];
    vi.advanceTimersByTime(30_000);
    expect(socket.emitted).toEqual([[SOCKET_EVENTS.ping, undefined]]);
    connection.close();
    socket.emitted = [];
    vi.advanceTimersByTime(60_000);
    expect(socket.emitted).toEqual([]);
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it("passes valid status notifications on and logs malformed ones", async () => {
    const received: unknown[] = [];
    const errors: string[] = [];
    const connection = await openLiveConnection(
      session,
      {
        onOrderStatus: (notification) => received.push(notification),
        onError: (_error, context) => errors.push(context),
      },
      loader,
    );
    socket.serverSends(SOCKET_EVENTS.orderStatusNotification, {
      orderId: 3,
      status: "ready",
      vendorName: "Forno",
    });
    socket.serverSends(SOCKET_EVENTS.orderStatusNotification, { orderId: "x", status: "eaten" });
    expect(received).toEqual([{ orderId: 3, status: "ready", vendorName: "Forno" }]);
    expect(errors).toEqual(["malformed order-status-notification"]);
    connection.close();
  });

  it("after any reconnect, catches up once the room is joined again (recovered or not)", async () => {
    const onResync = vi.fn();
    const states: string[] = [];
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined, onResync, onStateChange: (state) => states.push(state) },
      loader,
    );
    socket.connectNow();
    socket.serverSends(SOCKET_EVENTS.roomJoined, { room: "user:7" });
    expect(onResync).not.toHaveBeenCalled();
    expect(states).toEqual(["connecting", "connected", "live"]);

    for (const recovered of [true, false]) {
      socket.serverSends("disconnect", "transport close");
      socket.connectNow(recovered);
      // Not before the room is joined: events from then on arrive, so the refetch misses nothing.
      expect(onResync).toHaveBeenCalledTimes(recovered ? 0 : 1);
      socket.serverSends(SOCKET_EVENTS.roomJoined, { room: "user:7" });
      expect(onResync).toHaveBeenCalledTimes(recovered ? 1 : 2);
    }
    connection.close();
  });

  it("fetches the open orders shown once more when it first joins its room, not at every rejoin", async () => {
    const onFirstJoin = vi.fn();
    const onResync = vi.fn();
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined, onFirstJoin, onResync },
      loader,
    );
    socket.connectNow();
    expect(onFirstJoin).not.toHaveBeenCalled();
    socket.serverSends("room-joined", { room: "user:1" });
    expect(onFirstJoin).toHaveBeenCalledTimes(1);
    socket.serverSends("disconnect", "transport close");
    socket.connectNow();
    socket.serverSends("room-joined", { room: "user:1" });
    expect(onFirstJoin).toHaveBeenCalledTimes(1);
    expect(onResync).toHaveBeenCalledTimes(1);
    connection.close();
  });

  it("waits for room-joined: without it, logs the fact and catches up anyway", async () => {
    const onResync = vi.fn();
    const errors: string[] = [];
    const connection = await openLiveConnection(
      session,
      {
        onOrderStatus: () => undefined,
        onResync,
        onError: (_error, context) => errors.push(context),
      },
      loader,
    );
    socket.connectNow();
    vi.advanceTimersByTime(ROOM_JOIN_TIMEOUT_MS);
    expect(errors).toEqual(["socket room-join timeout"]);
    expect(onResync).not.toHaveBeenCalled(); // a first connection has nothing to catch up on
    socket.serverSends("disconnect", "transport close");
    socket.connectNow();
    vi.advanceTimersByTime(ROOM_JOIN_TIMEOUT_MS);
    expect(onResync).toHaveBeenCalledTimes(1);
    connection.close();
  });

  it("on auth-error revalidates the token and signs in again, once per refusal streak", async () => {
    const revalidateToken = vi.fn(async () => "renewed");
    const errors: string[] = [];
    const connection = await openLiveConnection(
      session,
      {
        onOrderStatus: () => undefined,
        revalidateToken,
        onError: (_error, context) => errors.push(context),
      },
      loader,
    );
    socket.connectNow();
    socket.emitted = [];
    socket.serverSends(SOCKET_EVENTS.authError, { message: "Invalid token" });
    await vi.waitFor(() => expect(socket.emitted.length).toBe(2));
    expect(socket.emitted).toEqual([
      [SOCKET_EVENTS.userAuth, { token: "renewed" }],
      [SOCKET_EVENTS.joinUserRoom, 7],
    ]);
    expect(socket.auth).toEqual({ token: "renewed" });
    // Refused again: logged, not retried in a loop.
    socket.serverSends(SOCKET_EVENTS.authError, { message: "Invalid token" });
    await Promise.resolve();
    expect(revalidateToken).toHaveBeenCalledTimes(1);
    expect(errors.filter((context) => context === "socket auth-error")).toHaveLength(2);
    // Once in the room, a later refusal is retried again.
    socket.serverSends(SOCKET_EVENTS.roomJoined, { room: "user:7" });
    socket.serverSends(SOCKET_EVENTS.authError, { message: "Invalid token" });
    expect(revalidateToken).toHaveBeenCalledTimes(2);
    connection.close();
  });

  it("says so in the log when no token can be confirmed (the 30 s refresh carries on)", async () => {
    const errors: unknown[] = [];
    const connection = await openLiveConnection(
      session,
      {
        onOrderStatus: () => undefined,
        revalidateToken: async () => null,
        onError: (error) => errors.push(error),
      },
      loader,
    );
    socket.connectNow();
    socket.emitted = [];
    socket.serverSends(SOCKET_EVENTS.authError, { message: "Invalid token" });
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(String(errors[1])).toContain("none could be confirmed");
    expect(socket.emitted).toEqual([]);
    connection.close();
  });

  it("joins the staff room while the staff board listens, and forwards its changes", async () => {
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined },
      loader,
    );
    socket.connectNow();
    const changes: unknown[] = [];
    const stop = subscribeToStaffChanges((change) => changes.push(change));
    expect(socket.emitted.at(-1)).toEqual([SOCKET_EVENTS.joinStaffRoom, undefined]);
    socket.serverSends(SOCKET_EVENTS.staffOrderChanged, {
      kind: "status",
      orderId: 1,
      vendorId: 2,
      status: "ready",
    });
    expect(changes).toHaveLength(1);
    // A ticket it cannot read does not cost the change: it arrives without it (the kitchen fetches the ticket).
    socket.serverSends(SOCKET_EVENTS.staffOrderChanged, {
      kind: "placed",
      orderId: 3,
      vendorId: 2,
      status: "confirmed",
      ticket: { orderId: "not a ticket" },
    });
    expect(changes.at(-1)).toEqual({
      kind: "placed",
      orderId: 3,
      vendorId: 2,
      status: "confirmed",
    });
    changes.length = 1;
    socket.emitted = [];
    socket.connectNow();
    expect(socket.emitted.map(([event]) => event)).toContain(SOCKET_EVENTS.joinStaffRoom);
    stop();
    socket.serverSends(SOCKET_EVENTS.staffOrderChanged, {
      kind: "status",
      orderId: 1,
      vendorId: 2,
      status: "completed",
    });
    expect(changes).toHaveLength(1);
    connection.close();
  });
});
