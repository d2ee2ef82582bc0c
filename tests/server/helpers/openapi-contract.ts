/**
 * Checks real answers against the OpenAPI document the server publishes: the status must be one the operation
 * documents, and a JSON body must match that status's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it).
 */
import type { OpenApiDocument } from "@server/openapi/document.js";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type JsonSchema = Record<string, unknown>;

interface DocumentedOperation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/api/vendors/list` wins over `/api/vendors/{id}`, as in Fastify's router. */
  literalSegments: number;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface ContractChecker {
  document: OpenApiDocument;
  /** The documented operation a request goes to, or null when the document has none (not ours). */
  operationFor(method: string, urlPath: string): DocumentedOperation | null;
  /** True when the value matches the JSON Schema (the document's request schemas). */
  accepts(schema: JsonSchema, value: unknown): boolean;
  /** A description of how the answer breaks the document, or null when it conforms. */
  problem(
    method: string,
    urlPath: string,
    status: number,
    contentType: string,
    text: string,
  ): string | null;
}

function inlineRefs(value: unknown, schemas: Record<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, schemas));
  if (value === null || typeof value !== "object") return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/"))
    return schemas[ref.slice("#/components/schemas/".length)];
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, inlineRefs(item, schemas)]),
  );
}

/** The checker of one started app's document (built from its routes' declared contracts). */
export function createContractChecker(document: OpenApiDocument): ContractChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const operations: DocumentedOperation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    const source = template
      .split("/")
      .map((segment) =>
        /^\{.+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("/");
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        literalSegments: template.split("/").filter((segment) => !segment.startsWith("{")).length,
        responses: operation.responses as DocumentedOperation["responses"],
      });
    }
  }
  operations.sort((a, b) => b.literalSegments - a.literalSegments);
  const validators = new Map<string, ValidateFunction>();

  function operationFor(method: string, urlPath: string) {
    const path = urlPath.split("?")[0]!;
    const wanted = method === "HEAD" ? "GET" : method;
    return (
      operations.find((operation) => operation.method === wanted && operation.pattern.test(path)) ??
      null
    );
  }

  const requestValidators = new WeakMap<JsonSchema, ValidateFunction>();
  return {
    document,
    operationFor,
    accepts(schema, value) {
      let validate = requestValidators.get(schema);
      if (!validate) {
        validate = ajv.compile(inlineRefs(schema, document.components.schemas) as JsonSchema);
        requestValidators.set(schema, validate);
      }
      return validate(value);
    },
    problem(method, urlPath, status, contentType, text) {
      const operation = operationFor(method, urlPath);
      if (!operation) return null;
      const where = `${method} ${operation.template} answered ${status}`;
      const response = operation.responses[String(status)];
      if (!response)
        return `${where}, a status the document does not list (${Object.keys(operation.responses).join(", ")}): ${text.slice(0, 200)}`;
      if (method === "HEAD") return null;
      const json = response.content?.["application/json"];
      if (!json?.schema) return null;
      if (!/^application\/json/.test(contentType))
        return `${where} with content type "${contentType}", not application/json`;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${where} with a body that is not JSON: ${text.slice(0, 200)}`;
      }
      const key = `${operation.method} ${operation.template} ${status}`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(inlineRefs(json.schema, document.components.schemas) as JsonSchema);
        validators.set(key, validate);
      }
      if (validate(body)) return null;
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (error) =>
            `${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`,
        )
        .join("; ");
      return `${where} with a body that breaks its schema: ${errors} — body ${text.slice(0, 300)}`;
    },
  };
}
