// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET_EVENTS } from "../../../../contract/realtime";
import {
  type ClientLoader,
  openLiveConnection,
  subscribeToStaffChanges,
} from "../../../../src/features/live/lib/live-connection";

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket to drive the connection logic. */
class FakeSocket {
  connected = false;
  recovered = false;
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

  it("asks for a resync after a reconnect that did not recover missed events", async () => {
    const onResync = vi.fn();
    const connection = await openLiveConnection(
      session,
      { onOrderStatus: () => undefined, onResync },
      loader,
    );
    socket.connectNow();
    socket.connectNow(true);
    expect(onResync).not.toHaveBeenCalled();
    socket.connectNow(false);
    expect(onResync).toHaveBeenCalledTimes(1);
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
