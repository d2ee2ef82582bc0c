import { idempotencyKeySchema } from "@contract/checkout-request";
import { errorResponseSchema } from "@contract/errors";
import type { Schema } from "@contract/schema";
import * as z from "zod/mini";
import type {
  DeclaredRoute,
  DocumentedHeader,
  DocumentedResponse,
  RouteContract,
} from "../routes/route-contract.js";

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
}

/** `/api/vendors/:id` → `/api/vendors/{id}`. */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z]+)/g, "{$1}");

/**
 * zod's own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect). Requests are described by what a
 * schema accepts (`input`), answers by what it produces (`output`). Checks zod cannot express in JSON Schema
 * (refinements such as "no NUL character") are left out: the server still applies them.
 */
export function jsonSchemaOf(schema: Schema, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodMiniType, {
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const ERROR = { $ref: "#/components/schemas/Error" };

function errorAnswer(description: string) {
  return { description, content: { "application/json": { schema: ERROR } } };
}

function answer(response: DocumentedResponse) {
  const contentType = response.contentType ?? "application/json";
  if (response.schema === undefined)
    return { description: response.description, content: { [contentType]: {} } };
  const schema = jsonSchemaOf(response.schema, "output");
  const isError =
    JSON.stringify(schema) === JSON.stringify(jsonSchemaOf(errorResponseSchema, "output"));
  return {
    description: response.description,
    content: { [contentType]: { schema: isError ? ERROR : schema } },
  };
}

type Operation = RouteContract;

/** The explorer's sections in the order a customer meets them; a tag not listed comes last. */
const TAG_ORDER = [
  "Accounts",
  "Park",
  "Push",
  "Cart",
  "Orders",
  "Payments",
  "Staff",
  "Kitchen",
  "Board",
  "Health",
];

/** The document's access kinds: who needs a token, who must be staff. */
const needsToken = (operation: Operation) =>
  operation.access !== "public" && operation.access !== "optional";
const staffOnly = (operation: Operation) =>
  operation.access === "staff" || operation.access === "staff or board code";

/** Answers any route of its kind can give, added where the operation does not say more. */
function commonAnswers(operation: Operation): Record<number, JsonSchema> {
  const common: Record<number, JsonSchema> = {
    400: errorAnswer(
      "The request breaks this operation's schema, or carries text that is not allowed",
    ),
  };
  if (needsToken(operation))
    common[401] = errorAnswer("No token, or a token that is expired or not valid: sign in");
  if (staffOnly(operation)) common[403] = errorAnswer("Signed in, but not as staff");
  // Any call that reads or writes the database: while it is unreachable, 503 with Retry-After (never a 500).
  common[503] = errorAnswer(
    "The database cannot be reached right now: retry after Retry-After seconds",
  );
  if (operation.body !== undefined) {
    common[413] = errorAnswer("The body is larger than the server accepts");
    common[415] = errorAnswer("The body is not JSON");
  }
  return common;
}

function parameters(operation: Operation): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: "path" | "query", schema: Schema | undefined) => {
    if (!schema) return;
    const object = jsonSchemaOf(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  };
  add("path", operation.params);
  add("query", operation.query);
  const headers: DocumentedHeader[] = [...(operation.headers ?? [])];
  if (operation.idempotencyKey)
    headers.unshift({
      name: "Idempotency-Key",
      required: operation.idempotencyKey === "required",
      description: "One key per order; the same key when retrying answers the first result",
      schema: jsonSchemaOf(idempotencyKeySchema, "input"),
    });
  for (const header of headers) {
    list.push({
      name: header.name,
      in: "header",
      required: header.required,
      description: header.description,
      schema: header.schema,
    });
  }
  return list;
}

function requestBody(operation: Operation): JsonSchema | undefined {
  if (operation.body === undefined) return undefined;
  if (operation.body === "raw") {
    return {
      required: true,
      description: "The exact bytes the sender signed",
      content: { "application/json": { schema: {} } },
    };
  }
  return {
    required: operation.bodyOptional !== true,
    content: { "application/json": { schema: jsonSchemaOf(operation.body, "input") } },
  };
}

function security(operation: Operation): JsonSchema[] {
  if (operation.access === "public") return [];
  if (operation.access === "optional") return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

function operationObject(operation: Operation): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  const documented = Object.entries(operation.responses).map(
    ([status, response]) => [Number(status), answer(response)] as const,
  );
  const all = new Map<number, JsonSchema>([
    ...Object.entries(commonAnswers(operation)).map(
      ([status, value]) => [Number(status), value] as const,
    ),
    ...documented,
  ]);
  for (const status of [...all.keys()].sort((a, b) => a - b))
    responses[String(status)] = all.get(status)!;
  const roleNote = staffOnly(operation)
    ? "Staff only."
    : operation.access === "optional"
      ? "A token is optional (limits count per customer when signed in)."
      : "";
  const alternative = operation.alternativeOf
    ? `The same call as \`${operation.alternativeOf}\` under another method.`
    : "";
  const description = [operation.description, alternative, roleNote].filter(Boolean).join(" ");
  const body = requestBody(operation);
  const params = parameters(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [operation.tag],
    security: security(operation),
    ...(staffOnly(operation) ? { "x-role": "staff" } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document, composed from the registered routes' declared contracts (plugins/route-list.ts). */
export function buildOpenApiDocument(routes: readonly DeclaredRoute[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const { method, url, contract } of routes) {
    const path = openApiPath(url);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationObject(contract);
  }
  const rank = (tag: string) =>
    TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length;
  const tags = [...new Set(routes.map((route) => route.contract.tag))]
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Food Park API",
      version: "1.0.0",
      description:
        "The calls the Food Park app makes. Errors answer `{ message }`. Generated from the zod schemas in contract/.",
    },
    servers: [{ url: "/" }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The token /auth/login or /auth/register answered",
        },
      },
      schemas: { Error: jsonSchemaOf(errorResponseSchema, "output") },
    },
  };
}
