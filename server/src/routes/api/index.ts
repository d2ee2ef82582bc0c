import type { FastifyInstance } from "fastify";
import openApiRoutes from "./openapi.js";

/** The API's root: a greeting, and the OpenAPI document that describes every call under it. */
export default async function apiRoutes(app: FastifyInstance) {
  app.get("/", async () => ({ message: "Food Park API" }));
  await app.register(openApiRoutes);
}
