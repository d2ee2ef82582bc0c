/**
 * Errors that mean "the database cannot be reached right now", as opposed to "this statement is wrong":
 * the server stopped or restarted, the database refuses connections, the network is cut, or no connection
 * could be had within the pool's connect timeout. Requests that meet one answer 503 with `Retry-After`
 * (plugins/error-handler.ts); the pool replaces its connections by itself once the database is back.
 */

/** Seconds a client is told to wait before it retries a request that met an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a few seconds.";

/** SQLSTATEs of a server that is going away or cannot take connections now. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up or shutting down
  "57P05", // idle_session_timeout (the connection was cut)
  "53300", // too_many_connections
  "3D000", // invalid_catalog_name: the database is gone (dropped or being restored)
]);

const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres and PGlite say these in words only (no code). */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /is not currently accepting connections/i, // 55000 from ALLOW_CONNECTIONS false
  /PGlite is clos(ed|ing)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
      if (UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (
      typeof message === "string" &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
    )
      return true;
    // AggregateError (a refused connection to both ::1 and 127.0.0.1) carries its parts in `errors`.
    const parts = (current as { errors?: unknown }).errors;
    if (Array.isArray(parts) && parts.some((part) => isDatabaseUnavailable(part))) return true;
    current = cause;
  }
  return false;
}
