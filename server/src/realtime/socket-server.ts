import { KITCHEN_MESSAGES } from "@contract/kitchen";
import { SOCKET_EVENTS, staffRoomsOf } from "@contract/realtime";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { Unauthorized } from "../domain-errors.js";
import { staffScope } from "../services/staff-scope.js";
import { attachClientSession, boardAccountRoom, type ClientSocket } from "./client-session.js";
import { forwardOrderEvents } from "./order-notifications.js";
import { localRoomRelay, type RoomRelay, streamRoomRelay } from "./room-relay.js";
import { applySocketLimits, SOCKET_MAX_MESSAGE_BYTES, type SocketLimits } from "./socket-limits.js";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
    /** Room messages for every node's sockets (REDIS_URL) or this node's. */
    rooms: RoomRelay;
  }
}

/**
 * socket.io on the same port at /socket.io; a short drop (≤ 2 min) replays what was missed on the same node.
 * With REDIS_URL room messages reach every node's sockets through a Redis stream with an outbox that rides out
 * a Redis outage (room-relay.ts); a client that reconnects to another node refetches what it shows.
 */
export interface RealtimeOptions {
  /** Per-socket, per-user and per-address limits (socket-limits.ts). */
  limits: SocketLimits;
  trustProxyHops: number;
}

export default fp<RealtimeOptions>(
  async (app: FastifyInstance, options) => {
    const io = new Server(app.server, {
      path: "/socket.io",
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
      maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    });
    // Before the session's listeners: a flood is cut before any of its events is handled.
    applySocketLimits(io, options.limits, { trustProxyHops: options.trustProxyHops, log: app.log });
    const rooms = app.shared ? streamRoomRelay(io, app.shared, app.log) : localRoomRelay(io);
    app.decorate("io", io);
    app.decorate("rooms", rooms);
    // Sockets sign in as the account is now (a demoted staff member no longer joins the staff room), and staff
    // join the rooms of the trailers they run now.
    const session = {
      verify: app.socketUser,
      staffScope: (userId: number) => staffScope(app.db, userId),
      boardAccount: (code: string) =>
        app.services.board.authenticate(code).catch((error: unknown) => {
          if (error instanceof Unauthorized) return null;
          throw error;
        }),
    };
    io.on("connection", (socket) => attachClientSession(socket as ClientSocket, session));
    const stopForwarding = forwardOrderEvents(
      rooms,
      app.events,
      app.log,
      (orderId) => app.services.kitchen.ticketForStaffRooms(orderId),
      (vendorId) =>
        staffRoomsOf(vendorId).some((room) => (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0),
    );
    // A revoked board leaves at once: its sockets here, and (through the relay) a word to those on other nodes,
    // which also re-check their account every BOARD_RECHECK_MS.
    const onBoardRevoked = ({ accountId }: { accountId: number }) => {
      const room = boardAccountRoom(accountId);
      rooms.emit(room, SOCKET_EVENTS.authError, { message: KITCHEN_MESSAGES.boardRevoked });
      io.in(room).disconnectSockets(true);
    };
    app.events.on("boardAccountRevoked", onBoardRevoked);
    // Each node tells its own clients once its catalogue has reloaded (every node reloads on a change).
    const onCatalogue = () => {
      io.local.emit(SOCKET_EVENTS.catalogueChanged, { at: new Date().toISOString() });
    };
    app.events.on("catalogueReloaded", onCatalogue);
    // Before the HTTP server closes: open websockets would otherwise keep it (and a rolling restart) waiting
    // until every client left. Sockets close as "server shutting down", a reason connection-state recovery keeps,
    // so a client that reconnects to another node (REDIS_URL) or to this one restarted resumes where it was.
    app.addHook("preClose", async () => {
      stopForwarding();
      app.events.off("boardAccountRevoked", onBoardRevoked);
      app.events.off("catalogueReloaded", onCatalogue);
      await rooms.close();
      await io.close();
    });
  },
  { name: "realtime", dependencies: ["auth"] },
);
