import { menuSearchQuerySchema, menuSearchResponseSchema } from "@contract/menu-search";
import type { FastifyInstance } from "fastify";
import { cacheSuccessfulResponses, PUBLIC_SHORT_CACHE } from "../public-cache.js";
import { declareRoute } from "../route-contract.js";

/** Public like the menus: GET /api/menu-search?q=burger finds dishes across every open trailer. */
export default async function menuSearchRoutes(app: FastifyInstance) {
  const search = app.services.menuSearch;
  cacheSuccessfulResponses(app, PUBLIC_SHORT_CACHE);

  declareRoute(
    app,
    "GET",
    "/",
    {
      operationId: "searchMenu",
      summary: "Dishes across every open trailer",
      tag: "Park",
      access: "public",
      query: menuSearchQuerySchema,
      responses: { 200: { description: "Matches", schema: menuSearchResponseSchema } },
    },
    async (request) => search.search(request.query.q),
  );
}
