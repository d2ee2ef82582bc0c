import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** Where the JSON API answers (the spec's paths under /api and /auth): never an HTML document. */
const API_PATH = /^\/(?:api|auth)(?:\/|\?|$)/;

/**
 * The headers OWASP's REST Security Cheat Sheet lists for API responses. The document headers (a full CSP,
 * COOP, origin-agent-cluster, …) govern HTML a browser renders and protect nothing on JSON, while setting
 * twelve of them cost the catalogue about a quarter of its requests per second (docs/performance.md).
 */
function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
    ...(documentHeaders["strict-transport-security"]
      ? { "strict-transport-security": documentHeaders["strict-transport-security"] }
      : {}),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

/**
 * Helmet's security headers, worked out once at start and set on every reply. (@fastify/helmet built a
 * new helmet middleware per request, re-parsing the Content-Security-Policy each time: about 13 % of the
 * server's CPU under load on the catalogue routes.) Without per-request nonces the headers never vary.
 * Pages, scripts and other files get helmet's set; the JSON API gets OWASP's set for APIs.
 */
export default fp<HelmetOptions>(
  async (app, options) => {
    const headers: Record<string, string> = {};
    const capture = {
      setHeader(name: string, value: string | number | readonly string[]) {
        headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      },
      removeHeader() {},
      getHeader: () => undefined,
    };
    helmet(options)(
      {} as IncomingMessage,
      capture as unknown as ServerResponse,
      (error?: unknown) => {
        if (error) throw error;
      },
    );
    const forApi = apiHeaders(
      Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    );
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(API_PATH.test(request.url) ? forApi : headers);
      done();
    });
  },
  { name: "security-headers" },
);
