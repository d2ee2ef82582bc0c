import type { Server } from "node:http";
import { type FastifyHttpOptions, LogController } from "fastify";
import type { ServerConfig } from "./config.js";
import { LOG_REDACT_PATHS, lazyRequestLogger, requestSerializer } from "./logging.js";

export interface LoggingChoice {
  logger?: boolean | undefined;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void } | undefined;
}

/** Fastify's own settings: logging, size and time limits, proxies. */
export function serverOptions(
  config: ServerConfig,
  logging: LoggingChoice,
): FastifyHttpOptions<Server> {
  const requestTimeout = config.requestTimeoutMs;
  return {
    logger:
      logging.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer },
            redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
            ...(logging.logStream ? { stream: logging.logStream } : {}),
          },
    // No log line per request: plugins/access-log.ts counts them and logs slow ones; errors log themselves.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is built when the request first logs, not for every request.
    ...(logging.logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
    bodyLimit: 64 * 1024,
    // A whole request (headers and body) must arrive in time: slow dribblers are cut off, not kept open.
    requestTimeout,
    // Node checks that deadline on a timer: often enough that a cut comes within ~1.25 × the timeout.
    http: {
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    // A connection with no bytes either way for 2 minutes is closed (socket.io pings far more often).
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // A first start creates, migrates and seeds the database: on a busy machine that outlasts
    // Fastify's default 10 s per plugin, and the server would exit instead of starting.
    pluginTimeout: 120_000,
  };
}
