import { errorResponseSchema } from "@contract/errors";
import { healthResponseSchema } from "@contract/health";
import type { FastifyInstance } from "fastify";
import { declareRoute } from "../route-contract.js";

/** The probes answer at the root (/healthz, /readyz), where orchestrators look. */
export const mountAt = "";

const READINESS_TIMEOUT_MS = 2_000;

export default async function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers HTTP. Never touches the database, so a slow database cannot make an
  // orchestrator restart a healthy process (and a load balancer's probes cost nothing).
  declareRoute(
    app,
    "GET",
    "/healthz",
    {
      operationId: "liveness",
      summary: "The process answers",
      tag: "Health",
      access: "public",
      responses: { 200: { description: "Alive", schema: healthResponseSchema } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  // Readiness: the database answers too, within 2 s; 503 `{ message }` otherwise.
  declareRoute(
    app,
    "GET",
    "/readyz",
    {
      operationId: "readiness",
      summary: "The database answers too",
      tag: "Health",
      access: "public",
      responses: {
        200: { description: "Ready", schema: healthResponseSchema },
        503: { description: "The database is not available", schema: errorResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );
}
