import { MESSAGES } from "@contract/messages";
import type { Schema, SchemaOutput } from "@contract/schema";
import { announceSessionExpired, currentToken } from "./auth-storage";
import { apiBase, authHost, registrationHost } from "./config";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /**
     * True when nothing was done: the server was never reached (offline, DNS, CORS), or it kept answering 503
     * (briefly unavailable) after the retries below. Queued work stays queued and is sent again with its key.
     */
    readonly network = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const FALLBACK_MESSAGE: Record<Method, string> = {
  GET: MESSAGES.fetchFailed,
  POST: MESSAGES.postFailed,
  PUT: MESSAGES.updateFailed,
  PATCH: MESSAGES.updateFailed,
  DELETE: MESSAGES.deleteFailed,
};

/**
 * A contract schema loaded on demand: the first screens validate their responses without putting the schema
 * library on their critical path (it loads while the request is in flight).
 */
export interface LazySchema<S extends Schema> {
  readonly load: () => Promise<S>;
}
export const lazySchema = <S extends Schema>(load: () => Promise<S>): LazySchema<S> => ({ load });
export type SchemaSource<S extends Schema> = S | LazySchema<S>;

const isLazy = <S extends Schema>(source: SchemaSource<S>): source is LazySchema<S> =>
  typeof (source as Partial<LazySchema<S>>).load === "function";

/** Validates through the Standard Schema interface, so this module needs no schema library of its own. */
async function validate<S extends Schema>(
  schema: S,
  data: unknown,
): Promise<{ ok: true; value: SchemaOutput<S> } | { ok: false }> {
  const result = await schema["~standard"].validate(data);
  return result.issues ? { ok: false } : { ok: true, value: result.value as SchemaOutput<S> };
}

export interface RequestOptions<S extends Schema> {
  method?: Method;
  body?: unknown;
  /** Validates the response; the result is typed by it. */
  schema?: SchemaSource<S>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no bearer token even if one is stored. */
  anonymous?: boolean;
}

let revalidateUntil = 0;
/**
 * For the next `ms`, GETs revalidate with the server (`cache: 'no-cache'`) instead of taking the browser's
 * short-lived copy: after a catalogue change nothing may be served stale.
 */
export function revalidateGetsFor(ms: number): void {
  revalidateUntil = Date.now() + ms;
}

/** How often a 503 is sent again, each after its Retry-After (capped): about 10 s of a database restart. */
export const UNAVAILABLE_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 10_000;
const DEFAULT_RETRY_AFTER_MS = 2_000;

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * fetch with the bearer token, JSON, `{message}` errors and the spec's fallback messages. A 503 (the server's
 * database or another part briefly away) is sent again after its Retry-After with the same headers, so the
 * same Idempotency-Key: a retried order is still one order.
 */
export async function request<S extends Schema = Schema<unknown>>(
  url: string,
  options: RequestOptions<S> = {},
): Promise<SchemaOutput<S>> {
  const method = options.method ?? "GET";
  const token = options.anonymous ? null : currentToken();
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;

  // Start loading a lazy schema now so it arrives with the response, not after it.
  const schemaReady =
    options.schema === undefined
      ? undefined
      : Promise.resolve(isLazy(options.schema) ? options.schema.load() : options.schema);
  schemaReady?.catch(() => undefined);

  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
        ...(method === "GET" && Date.now() < revalidateUntil ? { cache: "no-cache" as const } : {}),
      });
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      throw new ApiError(MESSAGES.networkError, 0, true);
    }
    if (response.status !== 503 || attempt >= UNAVAILABLE_RETRIES) break;
    await response.body?.cancel().catch(() => undefined);
    await pause(retryAfterMs(response), options.signal);
  }

  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token) announceSessionExpired();
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      typeof message === "string" && message ? message : FALLBACK_MESSAGE[method],
      response.status,
      response.status === 503,
    );
  }
  if (!schemaReady) return data as SchemaOutput<S>;
  const parsed = await validate(await schemaReady, data);
  if (!parsed.ok) throw new ApiError(FALLBACK_MESSAGE[method], response.status);
  return parsed.value;
}

export const apiUrl = (path: string) => `${apiBase}${path}`;
export const authUrl = (path: string) => `${authHost}/auth${path}`;
/** POST {auth host}/auth/register goes to the registration host (VITE_REGISTRATION_HOST, default the auth host). */
export const registrationUrl = (path = "/register", host = registrationHost) =>
  `${host}/auth${path}`;

export const api = {
  get: <S extends Schema>(
    path: string,
    schema?: SchemaSource<S>,
    init: Omit<RequestOptions<S>, "schema"> = {},
  ) => request(apiUrl(path), { ...init, method: "GET", schema }),
  post: <S extends Schema>(
    path: string,
    body: unknown,
    schema?: SchemaSource<S>,
    init: Omit<RequestOptions<S>, "schema" | "body"> = {},
  ) => request(apiUrl(path), { ...init, method: "POST", body, schema }),
  put: <S extends Schema>(
    path: string,
    body: unknown,
    schema?: SchemaSource<S>,
    init: Omit<RequestOptions<S>, "schema" | "body"> = {},
  ) => request(apiUrl(path), { ...init, method: "PUT", body, schema }),
  patch: <S extends Schema>(
    path: string,
    body: unknown,
    schema?: SchemaSource<S>,
    init: Omit<RequestOptions<S>, "schema" | "body"> = {},
  ) => request(apiUrl(path), { ...init, method: "PATCH", body, schema }),
  delete: <S extends Schema>(
    path: string,
    body?: unknown,
    schema?: SchemaSource<S>,
    init: Omit<RequestOptions<S>, "schema" | "body"> = {},
  ) => request(apiUrl(path), { ...init, method: "DELETE", body, schema }),
};
