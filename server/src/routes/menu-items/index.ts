import {
  addonGroupsResponseSchema,
  itemIdParamsSchema,
  menuItemResponseSchema,
} from "@contract/vendors";
import { NotFound, parseInput } from "@server/domain-errors.js";
import type { SerialisedBody } from "@server/lib/serialised-body.js";
import { sendSerialised } from "@server/plugins/serialised-reply.js";
import type { FastifyInstance } from "fastify";
import { PUBLIC_SHORT_CACHE } from "../public-cache.js";
import { declareRoute, errorAnswer } from "../route-contract.js";

// The bodies are precompressed in the catalogue: @fastify/compress has nothing left to do here.
const precompressed = { compress: false } as const;

const itemById = {
  tag: "Park",
  access: "public",
  params: itemIdParamsSchema,
  // Looked up as the path gives it first: a known item costs no parse.
  parsedByHandler: ["params"],
} as const;

/** Public: one menu item and its add-on groups, for the item-detail screen; from the in-memory catalogue. */
export default async function menuItemRoutes(app: FastifyInstance) {
  const catalogue = app.services.catalogue;

  /** The item's body by the id as the path gives it; 400 for a malformed id, 404 for an unknown one. */
  function byItemId(
    params: unknown,
    get: (param: string) => SerialisedBody | undefined,
  ): SerialisedBody {
    const known = get((params as { itemId?: string }).itemId ?? "");
    if (known) return known;
    const id = parseInput(itemById.params, params).itemId;
    const body = get(String(id));
    if (!body) throw new NotFound(`Menu item ${id} not found`);
    return body;
  }

  declareRoute(
    app,
    "GET",
    "/:itemId",
    {
      ...itemById,
      operationId: "getMenuItem",
      summary: "One menu item",
      responses: {
        200: { description: "The item", schema: menuItemResponseSchema },
        404: errorAnswer("No such item"),
      },
    },
    (request, reply) => {
      sendSerialised(request, reply, byItemId(request.params, catalogue.item), PUBLIC_SHORT_CACHE);
    },
    precompressed,
  );

  declareRoute(
    app,
    "GET",
    "/:itemId/addon-groups",
    {
      ...itemById,
      operationId: "getAddonGroups",
      summary: "An item's add-on groups",
      responses: {
        200: { description: "The groups", schema: addonGroupsResponseSchema },
        404: errorAnswer("No such item"),
      },
    },
    (request, reply) => {
      sendSerialised(
        request,
        reply,
        byItemId(request.params, catalogue.addonGroups),
        PUBLIC_SHORT_CACHE,
      );
    },
    precompressed,
  );
}
