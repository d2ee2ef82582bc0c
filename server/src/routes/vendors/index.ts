import type { FastifyInstance } from "fastify";
import { vendorIdParamsSchema, vendorListQuerySchema } from "../../../../contract/vendors";
import { parseInput } from "../../http-error.js";
import { cacheSuccessfulResponses, PUBLIC_SHORT_CACHE } from "../public-cache.js";

/** Public: the park's vendors and their menus need no sign-in. */
export default async function vendorRoutes(app: FastifyInstance) {
  const vendors = app.services.vendors;
  cacheSuccessfulResponses(app, PUBLIC_SHORT_CACHE);

  app.get("/list", async (request) =>
    vendors.list(parseInput(vendorListQuerySchema, request.query)),
  );

  app.get("/:id", async (request) =>
    vendors.get(parseInput(vendorIdParamsSchema, request.params).id),
  );

  app.get("/:id/items", async (request) =>
    vendors.menu(parseInput(vendorIdParamsSchema, request.params).id),
  );
}
