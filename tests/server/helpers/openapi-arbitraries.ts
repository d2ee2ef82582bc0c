/**
 * fast-check arbitraries generated from the OpenAPI document's JSON Schemas: values a schema accepts, and
 * values made to break it (checked with ajv, so a "breaking" value really breaks the documented schema).
 */
import fc from "fast-check";

export type JsonSchema = Record<string, unknown>;

const MAX_STRING = 60;

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === "string") return [type];
  return [];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(
    minLength,
    Math.min(Number(schema.maxLength ?? MAX_STRING), MAX_STRING),
  );
  if (schema.format === "email")
    return fc.emailAddress().filter((email) => email.length <= maxLength);
  if (schema.format === "uri")
    return fc.webUrl({ validSchemes: ["https"] }).filter((url) => url.length <= maxLength);
  if (typeof schema.pattern === "string") {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const bound = integer ? 2_147_483_647 : 1e9;
  let min = typeof schema.minimum === "number" ? schema.minimum : -bound;
  let max = typeof schema.maximum === "number" ? schema.maximum : bound;
  if (typeof schema.exclusiveMinimum === "number")
    min = schema.exclusiveMinimum + (integer ? 1 : 1e-6);
  if (typeof schema.exclusiveMaximum === "number")
    max = schema.exclusiveMaximum - (integer ? 1 : 1e-6);
  min = Math.max(min, -Number.MAX_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts. `pinned` replaces named properties (at any depth) with known-good values. */
export function validArbitrary(
  schema: JsonSchema,
  pinned: Record<string, fc.Arbitrary<unknown>> = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives)
    return fc.oneof(...alternatives.map((item) => validArbitrary(item, pinned, depth)));
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return validArbitrary(schema.allOf[0] as JsonSchema, pinned, depth);
  const types = typesOf(schema);
  if (types.length === 0) return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case "string":
          return stringArbitrary(schema);
        case "integer":
          return numberArbitrary(schema, true);
        case "number":
          return numberArbitrary(schema, false);
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array": {
          const items = (schema.items ?? {}) as JsonSchema;
          const minLength = Number(schema.minItems ?? 0);
          const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? 4), 4));
          return fc.array(validArbitrary(items, pinned, depth + 1), { minLength, maxLength });
        }
        case "object": {
          const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
          const required = (schema.required ?? []) as string[];
          const record: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [name, property] of Object.entries(properties))
            record[name] = pinned[name] ?? validArbitrary(property, pinned, depth + 1);
          return fc.record(record, { requiredKeys: required });
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}

/** A value of another JSON type than the schema allows (or undefined when it allows every type). */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  if (Array.isArray(schema.enum) || "const" in schema)
    return fc.constantFrom("not-a-listed-value", 12345, true);
  const types = typesOf(schema);
  if (types.length === 0) return null;
  const candidates: [string, unknown][] = [
    ["string", "not-the-right-type"],
    ["number", 3.25],
    ["boolean", true],
    ["null", null],
    ["array", [1, "two"]],
    ["object", { unexpected: true }],
  ];
  const allowed = (type: string) =>
    types.includes(type) || (type === "number" && types.includes("integer") && false);
  const wrong = candidates.filter(([type]) => !allowed(type)).map(([, value]) => value);
  if (types.includes("integer") && !types.includes("number")) wrong.push(2.5);
  return wrong.length > 0 ? fc.constantFrom(...wrong) : null;
}

/** Ways a value inside the schema breaks it: an out-of-range number, a too-long or too-short string. */
function outOfRange(schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  if (typeof schema.maximum === "number") values.push(schema.maximum + 1);
  if (typeof schema.minimum === "number") values.push(schema.minimum - 1);
  if (typeof schema.exclusiveMinimum === "number") values.push(schema.exclusiveMinimum);
  if (typeof schema.maxLength === "number") values.push("x".repeat(schema.maxLength + 1));
  if (typeof schema.minLength === "number" && schema.minLength > 0)
    values.push("x".repeat(schema.minLength - 1));
  if (typeof schema.maxItems === "number")
    values.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
  return values;
}

export interface Breakage {
  /** Where and how: `body.quantity: wrong type`. */
  how: string;
  value: unknown;
}

/**
 * Takes a valid object and breaks one property: removes a required one, gives one the wrong type or a value
 * outside its bounds. The caller confirms with ajv that the result breaks the schema.
 */
export function breakingArbitrary(
  schema: JsonSchema,
  valid: fc.Arbitrary<unknown>,
): fc.Arbitrary<Breakage> | null {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const options: fc.Arbitrary<Breakage>[] = [];
  for (const name of required) {
    options.push(
      valid.map((value) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[name];
        return { how: `${name}: missing`, value: copy };
      }),
    );
  }
  for (const [name, property] of Object.entries(properties)) {
    const wrong = wrongType(property);
    if (wrong)
      options.push(
        fc.tuple(valid, wrong).map(([value, bad]) => ({
          how: `${name}: wrong type`,
          value: { ...(value as Record<string, unknown>), [name]: bad },
        })),
      );
    const outside = outOfRange(property);
    if (outside.length > 0)
      options.push(
        fc.tuple(valid, fc.constantFrom(...outside)).map(([value, bad]) => ({
          how: `${name}: out of range`,
          value: { ...(value as Record<string, unknown>), [name]: bad },
        })),
      );
  }
  if (typesOf(schema).includes("object"))
    options.push(
      fc.constantFrom<Breakage>(
        { how: "not an object", value: [1, 2] },
        { how: "not an object", value: "text" },
      ),
    );
  return options.length > 0 ? fc.oneof(...options) : null;
}
