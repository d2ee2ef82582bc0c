import type { Schema, SchemaOutput } from "@contract/schema";
import { safeParse } from "zod/v4/core";

/** An error the API answers with its status and `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Please sign in to continue") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do that") =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Parses input with a contract schema; the first problem becomes a 400 `{ message }`. */
export function parseInput<S extends Schema>(schema: S, input: unknown): SchemaOutput<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  const message = issue?.message ?? "Invalid request";
  const generic = /^(Invalid input|Required|Expected)/i.test(message);
  throw badRequest(generic && field ? `${field}: ${message}` : message);
}
