/** The schema type every contract module builds on (zod/mini: small in the browser, the same rules on the server). */
export type { $ZodType as Schema, output as SchemaOutput } from "zod/v4/core";
