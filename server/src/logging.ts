import type { FastifyRequest } from "fastify";

/** Query parameters that carry credentials (the Android hand-off's `?token=`): never written to logs. */
const SECRET_PARAMS = ["token"];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let redacted = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, "[redacted]");
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Fastify's request log line, minus secrets in the address. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Never in a log line, whatever logs it: passwords, hashes, tokens, card fields, SQL parameters
 * (PGlite errors carry them) and request bodies. Paths are pino's (one `*` level).
 */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.body",
  "body",
  "params",
  "err.params",
  "err.queryOptions",
  "*.params",
  "password",
  "*.password",
  "password_hash",
  "*.password_hash",
  "passwordHash",
  "*.passwordHash",
  "token",
  "*.token",
  "*.number",
  "*.cvc",
];
