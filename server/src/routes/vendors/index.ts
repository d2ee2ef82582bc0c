import {
  menuResponseSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorSchema,
} from "@contract/vendors";
import { NotFound, parseInput } from "@server/domain-errors.js";
import type { SerialisedBody } from "@server/lib/serialised-body.js";
import { sendSerialised } from "@server/plugins/serialised-reply.js";
import type { FastifyInstance } from "fastify";
import { PUBLIC_SHORT_CACHE } from "../public-cache.js";
import { declareRoute, errorAnswer } from "../route-contract.js";

const DEFAULT_PAGE = { page: 1, limit: 20, status: undefined };
// The bodies are precompressed in the catalogue: @fastify/compress has nothing left to do here.
const precompressed = { compress: false } as const;
const PARK = { tag: "Park", access: "public" } as const;

const vendorById = {
  ...PARK,
  params: vendorIdParamsSchema,
  // Looked up as the path gives it first: a known vendor costs no parse.
  parsedByHandler: ["params"],
} as const;

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
    const id = parseInput(vendorById.params, params).id;
    const body = get(String(id));
    if (!body) throw new NotFound(`Vendor ${id} not found`);
    return body;
  }

  const list = {
    ...PARK,
    operationId: "listVendors",
    summary: "The park's trailers, a page at a time",
    query: vendorListQuerySchema,
    // The first page (no query) is answered without a parse.
    parsedByHandler: ["query"],
    responses: { 200: { description: "A page of vendors", schema: vendorListResponseSchema } },
  } as const;
  declareRoute(
    app,
    "GET",
    "/list",
    list,
    (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const parsed = Object.keys(query).length === 0 ? DEFAULT_PAGE : parseInput(list.query, query);
      sendSerialised(request, reply, catalogue.vendorList(parsed), PUBLIC_SHORT_CACHE);
    },
    precompressed,
  );

  declareRoute(
    app,
    "GET",
    "/:id",
    {
      ...vendorById,
      operationId: "getVendor",
      summary: "One trailer",
      responses: {
        200: { description: "The vendor", schema: vendorSchema },
        404: errorAnswer("No such vendor"),
      },
    },
    (request, reply) => {
      sendSerialised(
        request,
        reply,
        byVendorId(request.params, catalogue.vendor),
        PUBLIC_SHORT_CACHE,
      );
    },
    precompressed,
  );

  declareRoute(
    app,
    "GET",
    "/:id/items",
    {
      ...vendorById,
      operationId: "getVendorMenu",
      summary: "A trailer's menu by category",
      responses: {
        200: {
          description:
            "The menu. An item's `available` is true only when it can be ordered now (on the menu and not sold out); `soldOut` true means it sold out today, and then `available` is false",
          schema: menuResponseSchema,
        },
        404: errorAnswer("No such vendor"),
      },
    },
    (request, reply) => {
      sendSerialised(
        request,
        reply,
        byVendorId(request.params, catalogue.menu),
        PUBLIC_SHORT_CACHE,
      );
    },
    precompressed,
  );
}
