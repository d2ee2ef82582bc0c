/**
 * A one-key hint in localStorage that a query cache has been saved, and where (the storage's kind). It lets a cold
 * start (nothing saved) render and fetch at once, without waiting for the persistence code; only a start with a saved
 * cache waits for it to be restored. When localStorage cannot be read, assume a cache may exist.
 */
const HINT_KEY = "foodpark-query-cache-saved";

export function savedQueryCacheMayExist(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) !== null;
  } catch {
    return true;
  }
}

/** Where the saved cache was written ("indexeddb", "localstorage"), or null when unknown or nothing was saved. */
export function savedQueryCacheStorage(): string | null {
  try {
    const kind = localStorage.getItem(HINT_KEY);
    return kind === null || kind === "1" ? null : kind;
  } catch {
    return null;
  }
}

export function noteSavedQueryCache(kind: string): void {
  try {
    localStorage.setItem(HINT_KEY, kind);
  } catch {
    // no localStorage: the next start restores unconditionally
  }
}

export function forgetSavedQueryCacheHint(): void {
  try {
    localStorage.removeItem(HINT_KEY);
  } catch {
    // ignore
  }
}
