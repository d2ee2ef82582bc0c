import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { attachClientSession, type ClientSocket } from "./client-session.js";
import { forwardOrderEvents } from "./order-notifications.js";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/** socket.io on the same port at /socket.io; a short drop (≤ 2 min) replays what was missed. */
export default fp(
  async (app: FastifyInstance) => {
    const io = new Server(app.server, {
      path: "/socket.io",
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
    });
    app.decorate("io", io);
    io.on("connection", (socket) => attachClientSession(socket as ClientSocket, app.tokens));
    const stopForwarding = forwardOrderEvents(io, app.events, app.log);
    app.addHook("onClose", async () => {
      stopForwarding();
      await io.close();
    });
  },
  { name: "realtime", dependencies: ["auth"] },
);
