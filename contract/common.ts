import * as z from "zod/mini";

/** A positive integer id from a path or body; accepts the spec's prefixed forms ('item_12', 'vendor_3') and numeric strings. */
export const idParam = (prefix?: string) =>
  z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((value, ctx) => {
      const text = String(value).trim();
      const stripped = prefix && text.startsWith(`${prefix}_`) ? text.slice(prefix.length + 1) : text;
      const id = Number(stripped);
      if (!/^\d+$/.test(stripped) || !Number.isSafeInteger(id) || id <= 0) {
        ctx.issues.push({ code: "custom", message: `Invalid ${prefix ?? "id"}: ${text.slice(0, 40)}`, input: value });
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
export const mutationIdSchema = z.optional(z.string().check(z.minLength(8), z.maxLength(100)));

export const messageResponseSchema = z.object({ message: z.string() });

export const itemIdString = (id: number) => `item_${id}`;
export const vendorIdString = (id: number) => `vendor_${id}`;
