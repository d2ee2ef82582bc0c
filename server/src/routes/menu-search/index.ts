import { menuSearchQuerySchema } from "@contract/menu-search";
import { parseInput } from "@server/domain-errors.js";
import type { FastifyInstance } from "fastify";
import { cacheSuccessfulResponses, PUBLIC_SHORT_CACHE } from "../public-cache.js";

/** Public like the menus: GET /api/menu-search?q=burger finds dishes across every open trailer. */
export default async function menuSearchRoutes(app: FastifyInstance) {
  const search = app.services.menuSearch;
  cacheSuccessfulResponses(app, PUBLIC_SHORT_CACHE);

  app.get("/", async (request) =>
    search.search(parseInput(menuSearchQuerySchema, request.query).q),
  );
}
