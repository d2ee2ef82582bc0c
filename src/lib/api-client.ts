import { safeParse } from "zod/v4/core";
import type { Schema, SchemaOutput } from "../../contract/schema";
import { MESSAGES } from "../../contract/messages";
import { announceSessionExpired, currentToken } from "./auth-storage";
import { apiBase, authHost } from "./config";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** True when the server was never reached (offline, DNS, CORS). */
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

export interface RequestOptions<S extends Schema> {
  method?: Method;
  body?: unknown;
  /** Validates the response; the result is typed by it. */
  schema?: S;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no bearer token even if one is stored. */
  anonymous?: boolean;
}

/** fetch with the bearer token, JSON, `{message}` errors and the spec's fallback messages. */
export async function request<S extends Schema = Schema<unknown>>(
  url: string,
  options: RequestOptions<S> = {},
): Promise<SchemaOutput<S>> {
  const method = options.method ?? "GET";
  const token = options.anonymous ? null : currentToken();
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(MESSAGES.networkError, 0, true);
  }

  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token) announceSessionExpired();
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === "string" && message ? message : FALLBACK_MESSAGE[method], response.status);
  }
  if (!options.schema) return data as SchemaOutput<S>;
  const parsed = safeParse(options.schema, data);
  if (!parsed.success) throw new ApiError(FALLBACK_MESSAGE[method], response.status);
  return parsed.data;
}

export const apiUrl = (path: string) => `${apiBase}${path}`;
export const authUrl = (path: string) => `${authHost}/auth${path}`;

export const api = {
  get: <S extends Schema>(path: string, schema?: S, init: Omit<RequestOptions<S>, "schema"> = {}) =>
    request(apiUrl(path), { ...init, method: "GET", schema }),
  post: <S extends Schema>(path: string, body: unknown, schema?: S, init: Omit<RequestOptions<S>, "schema" | "body"> = {}) =>
    request(apiUrl(path), { ...init, method: "POST", body, schema }),
  put: <S extends Schema>(path: string, body: unknown, schema?: S, init: Omit<RequestOptions<S>, "schema" | "body"> = {}) =>
    request(apiUrl(path), { ...init, method: "PUT", body, schema }),
  patch: <S extends Schema>(path: string, body: unknown, schema?: S, init: Omit<RequestOptions<S>, "schema" | "body"> = {}) =>
    request(apiUrl(path), { ...init, method: "PATCH", body, schema }),
  delete: <S extends Schema>(path: string, body?: unknown, schema?: S, init: Omit<RequestOptions<S>, "schema" | "body"> = {}) =>
    request(apiUrl(path), { ...init, method: "DELETE", body, schema }),
};
