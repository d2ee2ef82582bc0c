import type { FastifyBaseLogger, FastifyRequest } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

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

/**
 * A request's logger that becomes Fastify's usual child logger (the request id bound, the route's level and
 * serializers) the first time it writes or is asked its level. With request lines off, most requests never log:
 * building a pino child for each (its bindings serialised through the redaction) was a measurable share of the
 * menu's time. Methods live on the prototype: a request costs one small object, not a closure per level.
 */
class RequestLogger {
  #real: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  get level(): string {
    return this.#logger().level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  fatal(...args: unknown[]): void {
    write(this.#logger(), "fatal", args);
  }
  error(...args: unknown[]): void {
    write(this.#logger(), "error", args);
  }
  warn(...args: unknown[]): void {
    write(this.#logger(), "warn", args);
  }
  info(...args: unknown[]): void {
    write(this.#logger(), "info", args);
  }
  debug(...args: unknown[]): void {
    write(this.#logger(), "debug", args);
  }
  trace(...args: unknown[]): void {
    write(this.#logger(), "trace", args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

function write(logger: FastifyBaseLogger, level: LevelName, args: unknown[]): void {
  (logger[level] as (...a: unknown[]) => void).apply(logger, args);
}

/** Fastify's childLoggerFactory: each request's logger, built only when used (RequestLogger). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
