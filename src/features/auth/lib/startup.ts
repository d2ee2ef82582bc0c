import { TOKEN_REFRESH_THRESHOLD_MS, TOKEN_VALIDATION_CACHE_MS } from "@contract/limits";
import {
  CorruptAuthError,
  decodeClaims,
  isTokenExpired,
  readStoredAuth,
  type StoredAuth,
  type TokenRecord,
  tokenExpiresAt,
  userFromClaims,
} from "@/lib/auth-storage";

export interface TokenSources {
  /** `?token=` in the address. */
  url: string | null;
  /** The global the Android host app sets. */
  global: string | null;
  /** `<meta name="auth-token">`. */
  meta: string | null;
}

export type StartupDecision =
  | {
      kind: "signed-in";
      record: TokenRecord;
      source: "cache" | "storage" | keyof TokenSources;
      persist: boolean;
    }
  | { kind: "signed-out"; clear: boolean };

/** A token record from a bare token (handed over by the host app or the address). */
export function recordFromToken(token: string, now = Date.now()): TokenRecord | null {
  const claims = decodeClaims(token);
  const user = claims ? userFromClaims(claims) : null;
  const expiresAt = tokenExpiresAt(token, now);
  if (!user || expiresAt === null || expiresAt <= now) return null;
  return { token, user, expiresAt, lastValidated: 0, isValid: true };
}

/** The product spec's § States and transitions (docs/product-spec.md) start-up order: cached record, stored token, handed-over token, else signed out. */
export function decideStartupAuth(
  read: () => StoredAuth,
  sources: TokenSources,
  now = Date.now(),
): StartupDecision {
  let stored: StoredAuth;
  try {
    stored = read();
  } catch (error) {
    if (error instanceof CorruptAuthError) return { kind: "signed-out", clear: true };
    throw error;
  }
  const { token, user, record } = stored;

  if (record && token && record.token === token && record.isValid && record.expiresAt > now) {
    return { kind: "signed-in", record, source: "cache", persist: false };
  }
  if (token && user) {
    if (isTokenExpired(token, now)) return { kind: "signed-out", clear: true };
    const expiresAt = tokenExpiresAt(token, now)!;
    const fromStorage: TokenRecord = { token, user, expiresAt, lastValidated: 0, isValid: true };
    return { kind: "signed-in", record: fromStorage, source: "storage", persist: true };
  }
  if (token) {
    const fromToken = recordFromToken(token, now);
    return fromToken
      ? { kind: "signed-in", record: fromToken, source: "storage", persist: true }
      : { kind: "signed-out", clear: true };
  }
  for (const source of ["url", "global", "meta"] as const) {
    const candidate = sources[source];
    const handedOver = candidate ? recordFromToken(candidate, now) : null;
    if (handedOver) return { kind: "signed-in", record: handedOver, source, persist: true };
  }
  return { kind: "signed-out", clear: token !== null || user !== null || record !== null };
}

/** Server validation is due when never done, older than 5 min, expiring within 10 min, or marked invalid. */
export function needsServerValidation(record: TokenRecord, now = Date.now()): boolean {
  return (
    record.lastValidated === 0 ||
    now - record.lastValidated > TOKEN_VALIDATION_CACHE_MS ||
    record.expiresAt - now < TOKEN_REFRESH_THRESHOLD_MS ||
    !record.isValid
  );
}

/** After a failed check (server unreachable), how long until the next try while the app stays open. */
export const VALIDATION_RETRY_MS = 60 * 1000;

/**
 * When the open app should next check the record with the server: when the 5-minute cache runs out or the token
 * comes within 10 minutes of expiring, whichever is first; a record that is due already (never validated, or
 * marked invalid after an unreachable server) is retried a minute from now.
 */
export function nextValidationAt(record: TokenRecord, now = Date.now()): number {
  if (needsServerValidation(record, now)) return now + VALIDATION_RETRY_MS;
  return (
    Math.min(
      record.lastValidated + TOKEN_VALIDATION_CACHE_MS,
      record.expiresAt - TOKEN_REFRESH_THRESHOLD_MS,
    ) + 1
  );
}

export function readTokenSources(
  location: Location,
  doc: Document,
  global: string | null,
): TokenSources {
  const url = new URLSearchParams(location.search).get("token");
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="auth-token"]')?.content ?? null;
  return { url: url || null, global, meta: meta || null };
}

export { readStoredAuth };
