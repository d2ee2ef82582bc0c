import { itemIdParamsSchema } from "@contract/vendors";
import { NotFound, parseInput } from "@server/domain-errors.js";
import type { SerialisedBody } from "@server/lib/serialised-body.js";
import { sendSerialised } from "@server/plugins/serialised-reply.js";
import type { FastifyInstance } from "fastify";
import { PUBLIC_SHORT_CACHE } from "../public-cache.js";

// The bodies are precompressed in the catalogue: @fastify/compress has nothing left to do here.
const precompressed = { compress: false } as const;

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
    const id = parseInput(itemIdParamsSchema, params).itemId;
    const body = get(String(id));
    if (!body) throw new NotFound(`Menu item ${id} not found`);
    return body;
  }

  app.get("/:itemId", precompressed, (request, reply) => {
    sendSerialised(request, reply, byItemId(request.params, catalogue.item), PUBLIC_SHORT_CACHE);
  });

  app.get("/:itemId/addon-groups", precompressed, (request, reply) => {
    sendSerialised(
      request,
      reply,
      byItemId(request.params, catalogue.addonGroups),
      PUBLIC_SHORT_CACHE,
    );
  });
}
