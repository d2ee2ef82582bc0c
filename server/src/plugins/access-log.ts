import fp from "fastify-plugin";
import { redactUrl } from "../logging.js";

/** A request slower than this is logged on its own line (warn). */
export const SLOW_REQUEST_MS = 1000;
/** How often the status-count summary is written (info), when any request was answered. */
export const ACCESS_SUMMARY_INTERVAL_MS = 60_000;

export interface AccessCounts {
  requests: number;
  "2xx": number;
  "3xx": number;
  "4xx": number;
  "5xx": number;
  slow: number;
  slowestMs: number;
}

const empty = (): AccessCounts => ({
  requests: 0,
  "2xx": 0,
  "3xx": 0,
  "4xx": 0,
  "5xx": 0,
  slow: 0,
  slowestMs: 0,
});

declare module "fastify" {
  interface FastifyInstance {
    /** What the access log has counted since its last summary; `flush()` writes the summary now. */
    accessLog: { counts(): AccessCounts; flush(): void };
  }
}

/**
 * The access log without a synchronous write per request (Fastify's own request lines are off): each response
 * adds to in-memory status counts, written as one summary line every minute; slow requests get a line each;
 * server errors are logged with their stack by the error handler. At `debug`/`trace` every request is logged too.
 */
export default fp<{ intervalMs?: number; slowMs?: number }>(
  async (app, options) => {
    const intervalMs = options.intervalMs ?? ACCESS_SUMMARY_INTERVAL_MS;
    const slowMs = options.slowMs ?? SLOW_REQUEST_MS;
    let counts = empty();
    let since = Date.now();
    const everyRequest = ["debug", "trace"].includes(app.log.level);

    app.addHook("onResponse", (request, reply, done) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      counts.requests += 1;
      if (status >= 500) counts["5xx"] += 1;
      else if (status >= 400) counts["4xx"] += 1;
      else if (status >= 300) counts["3xx"] += 1;
      else counts["2xx"] += 1;
      if (ms > counts.slowestMs) counts.slowestMs = ms;
      if (ms >= slowMs) {
        counts.slow += 1;
        request.log.warn(
          {
            method: request.method,
            url: redactUrl(request.url),
            route: request.routeOptions.url,
            statusCode: status,
            responseTimeMs: Math.round(ms),
          },
          "slow request",
        );
      } else if (everyRequest) {
        request.log.debug(
          { method: request.method, url: redactUrl(request.url), statusCode: status, ms },
          "request completed",
        );
      }
      done();
    });

    const flush = () => {
      if (counts.requests > 0) {
        app.log.info(
          {
            ...counts,
            slowestMs: Math.round(counts.slowestMs),
            seconds: (Date.now() - since) / 1000,
          },
          "requests answered",
        );
      }
      counts = empty();
      since = Date.now();
    };
    const timer = setInterval(flush, intervalMs);
    timer.unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      flush();
    });
    app.decorate("accessLog", { counts: () => ({ ...counts }), flush });
  },
  { name: "access-log" },
);
