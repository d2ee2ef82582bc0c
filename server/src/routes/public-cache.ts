import type { FastifyInstance } from "fastify";

/** Menus change rarely and carry nothing private: let browsers and the service worker reuse them briefly. */
export const PUBLIC_SHORT_CACHE = "public, max-age=30, stale-while-revalidate=300";

/** Sets Cache-Control on this plugin's successful responses only, so errors are never cached. */
export function cacheSuccessfulResponses(app: FastifyInstance, value: string): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300) reply.header("Cache-Control", value);
    return payload;
  });
}
