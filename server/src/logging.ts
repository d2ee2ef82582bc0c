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
