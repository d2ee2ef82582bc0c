import * as z from "zod/mini";

/** PostgreSQL's `integer`: every id and count the database stores fits in it. */
export const DB_INT_MAX = 2_147_483_647;

/** A positive 32-bit integer id in a JSON body (addon ids, cart line ids). */
export const dbId = (field = "id") =>
  z
    .number({ error: `${field} must be a number` })
    .check(
      z.int(`${field} must be a whole number`),
      z.positive(`${field} must be above 0`),
      z.lte(DB_INT_MAX, `${field} is not a valid id`),
    );

/** A whole number in [min, max] (quantities, pages): never beyond what the database stores. */
export const boundedInt = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .check(
      z.int(`${field} must be a whole number`),
      z.gte(min, `${field} must be between ${min} and ${max}`),
      z.lte(max, `${field} must be between ${min} and ${max}`),
    );

/**
 * Text the database can store: no NUL character (PostgreSQL text refuses it) and no lone UTF-16 surrogate
 * (not valid Unicode, so not valid UTF-8 either). One rule for every string a request carries.
 */
export const UNSAFE_TEXT = /\0|\p{Cs}/u;
export const UNSAFE_TEXT_MESSAGE =
  "The request contains characters that are not allowed (NUL or invalid Unicode)";

export function isSafeText(text: string): boolean {
  // With the `u` flag a well-formed surrogate pair is one code point, so \p{Cs} (surrogate) matches lone halves only.
  return !UNSAFE_TEXT.test(text);
}

/** The path of the first string (or object key) in `value` that is not safe text, or null when all are. */
export function findUnsafeText(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return isSafeText(value) ? null : path || "value";
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return at;
    const found = findUnsafeText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A string schema that refuses unsafe text with the shared message. */
export const safeText = () => z.string().check(z.refine(isSafeText, UNSAFE_TEXT_MESSAGE));

/** A positive integer id from a path or body; accepts the spec's prefixed forms ('item_12', 'vendor_3') and numeric strings. */
export const idParam = (prefix?: string) =>
  z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((value, ctx) => {
      const text = String(value).trim();
      const stripped =
        prefix && text.startsWith(`${prefix}_`) ? text.slice(prefix.length + 1) : text;
      const id = Number(stripped);
      if (!/^\d+$/.test(stripped) || !Number.isSafeInteger(id) || id <= 0 || id > DB_INT_MAX) {
        const shown = isSafeText(text) ? text.slice(0, 40) : "(not text)";
        ctx.issues.push({
          code: "custom",
          message: `Invalid ${prefix ?? "id"}: ${shown}`,
          input: value,
        });
        return z.NEVER;
      }
      return id;
    }),
  );

/** Money on the wire: integer pence beside the spec's pounds fields. */
export const pence = z.number().check(z.int(), z.nonnegative());
export const pounds = z.number();

export const ORDER_TYPES = ["dine_in", "takeaway", "delivery"] as const;
export const orderTypeSchema = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof orderTypeSchema>;

/** A client-generated id that makes a retried write apply once. */
export const mutationIdSchema = z.optional(
  z.string().check(z.minLength(8), z.maxLength(100), z.refine(isSafeText, UNSAFE_TEXT_MESSAGE)),
);

export const messageResponseSchema = z.object({ message: z.string() });

export const itemIdString = (id: number) => `item_${id}`;
export const vendorIdString = (id: number) => `vendor_${id}`;
