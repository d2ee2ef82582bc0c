import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server, type ServerOptions } from "socket.io";
import { attachClientSession, type ClientSocket } from "./client-session.js";
import { forwardOrderEvents } from "./order-notifications.js";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * socket.io on the same port at /socket.io; a short drop (≤ 2 min) replays what was missed.
 * With REDIS_URL the Redis streams adapter carries every room broadcast to every node, and keeps the sessions
 * that connection-state recovery needs in Redis, so a client recovers on whichever node it reaches next.
 */
export default fp(
  async (app: FastifyInstance) => {
    let adapter: ServerOptions["adapter"] | undefined;
    if (app.shared) {
      const { createAdapter } = await import("@socket.io/redis-streams-adapter");
      adapter = createAdapter(app.shared.adapterClient, {
        streamName: `${app.shared.prefix}socket.io`,
        sessionKeyPrefix: `${app.shared.prefix}socket.io:session:`,
      }) as ServerOptions["adapter"];
    }
    const io = new Server(app.server, {
      path: "/socket.io",
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
      ...(adapter ? { adapter } : {}),
    });
    app.decorate("io", io);
    // Sockets sign in as the account is now (a demoted staff member no longer joins the staff room).
    const socketTokens = { ...app.tokens, verify: app.socketUser };
    io.on("connection", (socket) => attachClientSession(socket as ClientSocket, socketTokens));
    const stopForwarding = forwardOrderEvents(io, app.events, app.log);
    // Before the HTTP server closes: open websockets would otherwise keep it (and a rolling restart) waiting
    // until every client left. Sockets close as "server shutting down", a reason connection-state recovery keeps,
    // so a client that reconnects to another node (REDIS_URL) or to this one restarted resumes where it was.
    app.addHook("preClose", async () => {
      stopForwarding();
      await io.close();
    });
  },
  { name: "realtime", dependencies: ["auth"] },
);
