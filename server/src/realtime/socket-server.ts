import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/** socket.io on the same port at /socket.io. */
export default fp(async (app: FastifyInstance) => {
  const io = new Server(app.server, {
    path: "/socket.io",
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
  });
  app.decorate("io", io);
  app.addHook("onClose", async () => {
    await io.close();
  });
}, { name: "realtime", dependencies: ["auth"] });
