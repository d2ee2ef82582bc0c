import { messageResponseSchema } from "@contract/common";
import type { FastifyInstance } from "fastify";
import { declareRoute } from "../route-contract.js";
import openApiRoutes from "./openapi.js";

/** The API's root itself. */
export const mountAt = "/api";

/** The API's root: a greeting, and the OpenAPI document that describes every call under it. */
export default async function apiRoutes(app: FastifyInstance) {
  declareRoute(
    app,
    "GET",
    "/",
    {
      operationId: "apiRoot",
      summary: "The API answers",
      tag: "Park",
      access: "public",
      responses: { 200: { description: "A greeting", schema: messageResponseSchema } },
    },
    async () => ({ message: "Food Park API" }),
  );
  await app.register(openApiRoutes);
}
