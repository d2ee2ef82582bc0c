import type { FastifyInstance } from "fastify";
import { itemIdParamsSchema } from "../../../../contract/vendors";
import { parseInput } from "../../http-error.js";
import { cacheSuccessfulResponses, PUBLIC_SHORT_CACHE } from "../public-cache.js";

/** Public: one menu item and its add-on groups, for the item-detail screen. */
export default async function menuRoutes(app: FastifyInstance) {
  const vendors = app.services.vendors;
  cacheSuccessfulResponses(app, PUBLIC_SHORT_CACHE);

  app.get("/:itemId", async (request) =>
    vendors.item(parseInput(itemIdParamsSchema, request.params).itemId),
  );

  app.get("/:itemId/addon-groups", async (request) =>
    vendors.addonGroups(parseInput(itemIdParamsSchema, request.params).itemId),
  );
}
