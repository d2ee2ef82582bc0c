import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from "@contract/common";
import fp from "fastify-plugin";
import { InvalidInput } from "../domain-errors.js";

/**
 * One rule for every route, new ones included: a request whose body, query or path carries a NUL character
 * or a lone surrogate (text PostgreSQL cannot store as UTF-8) is answered 400 before any handler runs.
 * Ids and numbers are checked by each route's contract schema; `dbErrorStatus` below is only the last guard.
 */
export default fp(
  async (app) => {
    // Callback style: the hook runs on every request, and a promise per request is measurable on the catalogue.
    app.addHook("preValidation", (request, _reply, done) => {
      for (const [part, value] of [
        ["path", request.params],
        ["query", request.query],
        ["body", request.body],
      ] as const) {
        if (Buffer.isBuffer(value)) continue; // raw webhook bytes: verified by signature, never stored as text
        const at = findUnsafeText(value);
        if (at) return done(new InvalidInput(`${UNSAFE_TEXT_MESSAGE}: ${part} ${at.slice(0, 60)}`));
      }
      done();
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
