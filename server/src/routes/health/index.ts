import type { FastifyInstance } from "fastify";

export default async function healthRoutes(app: FastifyInstance) {
  // Registered only after migrations and seeding finished, so 200 means ready.
  app.get("/healthz", async () => {
    await app.db.query("select 1");
    return { status: "ok" as const };
  });
}
