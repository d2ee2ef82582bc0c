/**
 * Sets `key` in a cache of at most `limit` entries: the entry set longest ago goes first when it is full (a Map keeps
 * insertion order, and setting a key again moves it to the end).
 */
export function setBounded<K, V>(cache: Map<K, V>, key: K, value: V, limit: number): void {
  cache.delete(key);
  if (cache.size >= limit) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
}
