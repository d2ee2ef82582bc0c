import type { TokenClaims, User } from "@contract/auth";
import { readTokenClaims, readUser } from "@contract/auth-guards";
import { TOKEN_DEFAULT_EXPIRY_MS } from "@contract/limits";

/** Local storage keys of the product spec (docs/product-spec.md § Business constants and limits). */
export const AUTH_KEYS = { token: "authToken", user: "user", tokenData: "tokenData" } as const;

export interface TokenRecord {
  token: string;
  user: User;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** Milliseconds since the epoch; 0 when never checked with the server. */
  lastValidated: number;
  isValid: boolean;
}

export interface StoredAuth {
  token: string | null;
  user: User | null;
  record: TokenRecord | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims without verifying its signature (the server verifies); null if unparseable. */
export function decodeClaims(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    return readTokenClaims(JSON.parse(base64UrlDecode(payload)));
  } catch {
    return null;
  }
}

/** Expiry from the `exp` claim, or 24 h from `issuedAt` when the token carries none; null if unparseable. */
export function tokenExpiresAt(token: string, issuedAt = Date.now()): number | null {
  const claims = decodeClaims(token);
  if (!claims) return null;
  return claims.exp !== undefined ? claims.exp * 1000 : issuedAt + TOKEN_DEFAULT_EXPIRY_MS;
}

/** An unparseable token counts as expired. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token, now);
  return expiresAt === null || expiresAt <= now;
}

export function userFromClaims(claims: TokenClaims): User | null {
  return readUser({
    id: Number(claims.sub),
    email: claims.email,
    name: claims.name || claims.email,
    role: claims.role,
  });
}

const tokenRecordShape = (value: unknown): value is TokenRecord => {
  const record = value as TokenRecord | null;
  return (
    typeof record === "object" &&
    record !== null &&
    typeof record.token === "string" &&
    typeof record.expiresAt === "number" &&
    typeof record.lastValidated === "number" &&
    typeof record.isValid === "boolean" &&
    readUser(record.user) !== null
  );
};

export class CorruptAuthError extends Error {}

/** Reads the three keys; throws CorruptAuthError when something stored cannot be parsed. */
export function readStoredAuth(storage: Storage = localStorage): StoredAuth {
  const token = storage.getItem(AUTH_KEYS.token);
  const rawUser = storage.getItem(AUTH_KEYS.user);
  const rawRecord = storage.getItem(AUTH_KEYS.tokenData);
  try {
    const user = rawUser ? readUser(JSON.parse(rawUser)) : null;
    if (rawUser && !user) throw new Error("bad stored user");
    const record = rawRecord ? JSON.parse(rawRecord) : null;
    if (record !== null && !tokenRecordShape(record)) throw new Error("bad token record");
    return { token, user, record };
  } catch (error) {
    throw new CorruptAuthError(String(error));
  }
}

export function writeStoredAuth(record: TokenRecord, storage: Storage = localStorage): void {
  storage.setItem(AUTH_KEYS.token, record.token);
  storage.setItem(AUTH_KEYS.user, JSON.stringify(record.user));
  storage.setItem(AUTH_KEYS.tokenData, JSON.stringify(record));
}

export function clearStoredAuth(storage: Storage = localStorage): void {
  for (const key of Object.values(AUTH_KEYS)) storage.removeItem(key);
}

/** The bearer token for API calls, if any. */
export function currentToken(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(AUTH_KEYS.token);
  } catch {
    return null;
  }
}

/** The signed-in customer's id as stored, or null (signed out or unreadable). */
export function storedUserId(storage: Storage = localStorage): string | null {
  try {
    const { user } = readStoredAuth(storage);
    return user ? String(user.id) : null;
  } catch {
    return null;
  }
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();

/** The API client calls this on a 401 for a request that carried a token. */
export function announceSessionExpired(): void {
  for (const listener of expiredListeners) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}
