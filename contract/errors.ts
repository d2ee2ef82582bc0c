import * as z from "zod/mini";

/** Every API error body: `{ message }`. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
