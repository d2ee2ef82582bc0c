import { vendorIdParamsSchema, vendorListQuerySchema } from "@contract/vendors";
import { NotFound, parseInput } from "@server/domain-errors.js";
import type { SerialisedBody } from "@server/lib/serialised-body.js";
import { sendSerialised } from "@server/plugins/serialised-reply.js";
import type { FastifyInstance } from "fastify";
import { PUBLIC_SHORT_CACHE } from "../public-cache.js";

const DEFAULT_PAGE = { page: 1, limit: 20, status: undefined };
// The bodies are precompressed in the catalogue: @fastify/compress has nothing left to do here.
const precompressed = { compress: false } as const;

/** Public: the park's vendors and their menus need no sign-in; answered from the in-memory catalogue. */
export default async function vendorRoutes(app: FastifyInstance) {
  const catalogue = app.services.catalogue;

  /** The vendor's body by the id as the path gives it; 400 for a malformed id, 404 for an unknown one. */
  function byVendorId(
    params: unknown,
    get: (param: string) => SerialisedBody | undefined,
  ): SerialisedBody {
    const known = get((params as { id?: string }).id ?? "");
    if (known) return known;
    const id = parseInput(vendorIdParamsSchema, params).id;
    const body = get(String(id));
    if (!body) throw new NotFound(`Vendor ${id} not found`);
    return body;
  }

  app.get("/list", precompressed, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const parsed =
      Object.keys(query).length === 0 ? DEFAULT_PAGE : parseInput(vendorListQuerySchema, query);
    sendSerialised(request, reply, catalogue.vendorList(parsed), PUBLIC_SHORT_CACHE);
  });

  app.get("/:id", precompressed, (request, reply) => {
    sendSerialised(
      request,
      reply,
      byVendorId(request.params, catalogue.vendor),
      PUBLIC_SHORT_CACHE,
    );
  });

  app.get("/:id/items", precompressed, (request, reply) => {
    sendSerialised(request, reply, byVendorId(request.params, catalogue.menu), PUBLIC_SHORT_CACHE);
  });
}
