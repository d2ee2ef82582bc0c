import type { FastifyInstance } from "fastify";

const READINESS_TIMEOUT_MS = 2_000;

export default async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers HTTP. Never touches the database, so a slow database cannot make an
  // orchestrator restart a healthy process (and a load balancer's probes cost nothing).
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" as const };
  });

  // Readiness: the database answers too, within 2 s; 503 `{ message }` otherwise.
  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.db.query("select 1"),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error("the database did not answer within 2 s")),
            READINESS_TIMEOUT_MS,
          );
        }),
      ]);
      return { status: "ok" as const };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ message: "The database is not available" });
    } finally {
      clearTimeout(timer);
    }
  });
}
