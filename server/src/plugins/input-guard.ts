import { findUnsafeText, isSafeText, UNSAFE_TEXT_MESSAGE } from "@contract/common";
import fp from "fastify-plugin";
import { InvalidInput } from "../domain-errors.js";

/** True when a string, key or nested value in `value` is not safe text (findUnsafeText without its paths). */
function hasUnsafeText(value: unknown, depth: number): boolean {
  if (typeof value === "string") return !isSafeText(value);
  if (value === null || typeof value !== "object" || depth > 32) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isSafeText(key) || hasUnsafeText((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
}

/** The refusal for one part of the request, or null when all its text is safe. */
function unsafePart(part: string, value: unknown): InvalidInput | null {
  if (Buffer.isBuffer(value)) return null; // raw webhook bytes: verified by signature, never stored as text
  if (!hasUnsafeText(value, 0)) return null;
  const at = findUnsafeText(value);
  return at ? new InvalidInput(`${UNSAFE_TEXT_MESSAGE}: ${part} ${at.slice(0, 60)}`) : null;
}

/**
 * One rule for every route, new ones included: a request whose body, query or path carries a NUL character
 * or a lone surrogate (text PostgreSQL cannot store as UTF-8) is answered 400 before any handler runs.
 * Ids and numbers are checked by each route's contract schema; `dbErrorStatus` below is only the last guard.
 */
export default fp(
  async (app) => {
    // Callback style: the hook runs on every request, and a promise per request is measurable on the catalogue.
    // No array of parts and no field paths built per request: the path is only worked out for a refusal.
    app.addHook("preValidation", (request, _reply, done) => {
      const refusal =
        unsafePart("path", request.params) ??
        unsafePart("query", request.query) ??
        unsafePart("body", request.body);
      done(refusal ?? undefined);
    });
  },
  { name: "input-guard" },
);

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22xxx: out of range, invalid text, bad encoding, too long)
 * and invalid-parameter errors mean the request carried a value the database cannot take: a 400, never a 500.
 */
export function dbErrorStatus(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith("22")) return 400;
  return null;
}
