import type { FastifyBaseLogger } from "fastify";
import type { Server, Socket } from "socket.io";

/**
 * Limits that keep one client (or a script) from flooding a node through socket.io. The app's own use is small:
 * on connect `user-auth` and `join-user-room` (staff: `join-staff-room`), then `ping` every 30 s, and at most 5
 * reconnect attempts — a few events a minute. A socket or user over its allowance is disconnected (the app
 * reconnects and carries on; a flood is cut again after its allowance), and refused connections cost nothing.
 */
export interface SocketLimits {
  /** Events one socket may send per minute (SOCKET_MAX_EVENTS_PER_MINUTE). */
  eventsPerMinute: number;
  /** Events one signed-in user may send per minute over all their sockets (SOCKET_MAX_EVENTS_PER_USER_PER_MINUTE). */
  eventsPerUserPerMinute: number;
  /** Open sockets per signed-in user (SOCKET_MAX_CONNECTIONS_PER_USER). */
  connectionsPerUser: number;
  /** Open sockets per client address (SOCKET_MAX_CONNECTIONS_PER_ADDRESS): a park's shared Wi-Fi is one address. */
  connectionsPerAddress: number;
}

/** Largest socket.io message accepted (the app's biggest is a token): a megabyte per packet is not needed. */
export const SOCKET_MAX_MESSAGE_BYTES = 16 * 1024;

export const TOO_MANY_CONNECTIONS = "Too many connections. Please close other tabs and try again.";

const WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  count: number;
}

/** Adds one to a fixed one-minute window; answers the count within it. */
function hit(window: Window, now: number): number {
  if (now - window.startedAt >= WINDOW_MS) {
    window.startedAt = now;
    window.count = 0;
  }
  window.count += 1;
  return window.count;
}

/** The client's address: the socket's peer, or with trusted proxies the entry they added to X-Forwarded-For. */
export function socketAddress(socket: Pick<Socket, "handshake">, trustProxyHops: number): string {
  const peer = socket.handshake.address;
  if (trustProxyHops <= 0) return peer;
  const header = socket.handshake.headers["x-forwarded-for"];
  const list = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list[list.length - trustProxyHops] ?? list[0] ?? peer;
}

interface UserUse {
  sockets: Set<string>;
  events: Window;
}

/**
 * Stops reading from a client that was cut off. `disconnect(true)` tells it so and closes the WebSocket politely,
 * but until the close completes every frame it had already sent (a flood's thousands) would still be read and
 * decoded, one after another on the event loop, only to be dropped. Paused, the connection reads nothing more; the
 * WebSocket's close timeout ends it.
 */
function stopReading(socket: Socket): void {
  const transport = socket.conn.transport as { socket?: { pause?: () => void } };
  transport.socket?.pause?.();
}

/**
 * One incoming WebSocket message per socket and turn of the event loop. By default ws hands every message of a read
 * to socket.io in one go, so a flood's burst (over a thousand frames in one read, per socket) held the loop for tens
 * of milliseconds; the app's own clients send a few messages a minute and never notice. (engine.io makes the ws
 * server itself; its options are read at each upgrade.)
 */
function oneMessagePerTurn(io: Server): void {
  const engine = io.engine as unknown as {
    ws?: { options?: { allowSynchronousEvents?: boolean } };
  };
  if (engine.ws?.options) engine.ws.options.allowSynchronousEvents = false;
}

export function applySocketLimits(
  io: Server,
  limits: SocketLimits,
  options: { trustProxyHops: number; log: FastifyBaseLogger },
): void {
  oneMessagePerTurn(io);
  const perAddress = new Map<string, number>();
  const perUser = new Map<number, UserUse>();

  io.use((socket, next) => {
    const address = socketAddress(socket, options.trustProxyHops);
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.connectionsPerAddress) {
      options.log.warn({ address }, "socket refused: too many connections from one address");
      return next(new Error(TOO_MANY_CONNECTIONS));
    }
    perAddress.set(address, open + 1);
    socket.once("disconnect", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    next();
  });

  io.on("connection", (socket) => {
    const own: Window = { startedAt: Date.now(), count: 0 };
    let countedUser: number | null = null;
    let cut = false;
    const cutOff = (reason: string, context: Record<string, unknown>) => {
      if (cut) return;
      cut = true;
      options.log.warn({ ...context, socket: socket.id }, reason);
      socket.disconnect(true);
      stopReading(socket);
    };

    socket.once("disconnect", () => {
      if (countedUser === null) return;
      const use = perUser.get(countedUser);
      use?.sockets.delete(socket.id);
      if (use && use.sockets.size === 0) perUser.delete(countedUser);
    });

    // Runs before every listener, for every incoming event.
    socket.use((_packet, next) => {
      if (cut) return;
      const now = Date.now();
      if (hit(own, now) > limits.eventsPerMinute)
        return cutOff("socket disconnected: too many events", { limit: limits.eventsPerMinute });
      const userId = (socket.data as { user?: { id: number } }).user?.id;
      if (userId !== undefined) {
        let use = perUser.get(userId);
        if (!use) {
          use = { sockets: new Set(), events: { startedAt: now, count: 0 } };
          perUser.set(userId, use);
        }
        if (countedUser !== userId) {
          countedUser = userId;
          use.sockets.add(socket.id);
          if (use.sockets.size > limits.connectionsPerUser)
            return cutOff("socket disconnected: too many connections for one user", { userId });
        }
        if (hit(use.events, now) > limits.eventsPerUserPerMinute)
          return cutOff("socket disconnected: too many events for one user", { userId });
      }
      next();
    });
  });
}
