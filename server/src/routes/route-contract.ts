import { errorResponseSchema } from "@contract/errors";
import type { Schema, SchemaOutput } from "@contract/schema";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
  RouteShorthandOptions,
} from "fastify";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call. `public`: anyone, the token is never read; `optional`: anyone, a token changes the answer; `user`:
 * a signed-in account of any role; `staff`: staff only (trailer staff are narrowed to their trailers by the
 * services); `staff or board code`: staff, or a pickup board's access code (the handler reads which);
 * `user or notice token`: a signed-in customer, or the notice token a push carried (checked after the input,
 * since it names one order and status).
 */
export type Access =
  | "public"
  | "optional"
  | "user"
  | "staff"
  | "staff or board code"
  | "user or notice token";

export interface DocumentedResponse {
  description: string;
  /** A JSON body's schema (zod, from contract/); absent for a body that is not JSON. */
  schema?: Schema;
  /** Default application/json. */
  contentType?: string;
}

export interface DocumentedHeader {
  name: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

type InputPart = "params" | "query" | "body";

/** One route's contract: what it takes, who may call, what it answers. Validation, access and the OpenAPI document come from it. */
export interface RouteContract {
  operationId: string;
  summary: string;
  tag: string;
  description?: string;
  access: Access;
  params?: Schema;
  query?: Schema;
  /** A JSON body; `raw` for a body taken as bytes (the webhook, verified by signature). */
  body?: Schema | "raw";
  /** The body may be left out (e.g. DELETE whose fields may come in the query instead). */
  bodyOptional?: boolean;
  /** The Idempotency-Key header, checked after access and before the input. */
  idempotencyKey?: "required" | "optional";
  /** Other documented headers. */
  headers?: DocumentedHeader[];
  /** Success and route-specific answers; the answers every route can give are added by the document. */
  responses: Record<number, DocumentedResponse>;
  /** Also registered under another method (the spec allows both readings). */
  alternativeOf?: string;
  /**
   * Parts the handler parses itself, with this contract's schema: the catalogue's pre-serialised answers look the
   * path up as given first (no parse on the hot path); a few calls merge or answer their input their own way.
   */
  parsedByHandler?: readonly InputPart[];
}

/** A route's contract as registered: its method and full URL (prefix included). */
export interface DeclaredRoute {
  method: HttpMethod;
  url: string;
  contract: RouteContract;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's declared contract (routes/route-contract.ts). */
    contract?: RouteContract;
  }
}

type HandlerParsed<C> = C extends { parsedByHandler: readonly (infer Part)[] } ? Part : never;
type Parsed<C, Part extends InputPart, S> =
  Part extends HandlerParsed<C> ? unknown : S extends Schema ? SchemaOutput<S> : unknown;

/** The request types a contract gives its handler: validated input is the schema's output. */
export interface ContractTypes<C extends RouteContract> extends RouteGenericInterface {
  Params: Parsed<C, "params", C["params"]>;
  Querystring: Parsed<C, "query", C["query"]>;
  Body: Parsed<C, "body", C["body"]>;
}

export type ContractHandler<C extends RouteContract> = (
  request: FastifyRequest<ContractTypes<C>>,
  reply: FastifyReply,
) => unknown;

/** Fastify's schema slots for the parts the framework validates (zod schemas, compiled by plugins/route-contract.ts). */
export function validationSchema(contract: RouteContract): Record<string, Schema> {
  const handled = (part: InputPart) => contract.parsedByHandler?.includes(part) === true;
  const schema: Record<string, Schema> = {};
  if (contract.params && !handled("params")) schema.params = contract.params;
  if (contract.query && !handled("query")) schema.querystring = contract.query;
  if (contract.body && contract.body !== "raw" && !handled("body")) schema.body = contract.body;
  return schema;
}

/** Registers a route with its contract; `options` carries what else Fastify needs (rate limits, compression). */
export function declareRoute<C extends RouteContract>(
  app: FastifyInstance,
  method: HttpMethod,
  url: string,
  contract: C,
  handler: ContractHandler<C>,
  options: RouteShorthandOptions = {},
): void {
  const schema = validationSchema(contract);
  app.route({
    ...options,
    method,
    url,
    // No schema at all when Fastify has nothing to validate (the catalogue's hot paths): an empty one still costs.
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    config: { ...options.config, contract },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/** A documented `{ message }` answer. */
export const errorAnswer = (description: string): DocumentedResponse => ({
  description,
  schema: errorResponseSchema,
});
