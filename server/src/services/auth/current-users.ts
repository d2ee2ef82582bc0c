import type { User } from "@contract/auth";
import type { Queryable } from "@server/db/database.js";
import { usersRepository } from "@server/db/repositories/users.js";

/** How long a looked-up account (exists? which role?) is trusted: a removed or demoted account loses access within this. */
export const CURRENT_USER_TTL_MS = 30_000;
export const CURRENT_USER_CACHE_SIZE = 10_000;

export interface CurrentUsers {
  /**
   * The account as the database has it now (at most CURRENT_USER_TTL_MS old), or null when it no longer exists.
   * A database error rejects (it is an outage, never a sign-out).
   */
  get(id: number): Promise<User | null>;
  /**
   * The account as the database has it this moment (never the cache; the answer refreshes it): a write is never
   * made for an account removed since it was cached. Concurrent reads of one account share one query.
   */
  fresh(id: number): Promise<User | null>;
  /** Forget one account (after a change made by this node). */
  forget(id: number): void;
  /** Database reads so far (tests). */
  readonly lookups: number;
}

export function createCurrentUsers(
  db: Queryable,
  options: { ttlMs?: number; cacheSize?: number; now?: () => number } = {},
): CurrentUsers {
  const ttlMs = options.ttlMs ?? CURRENT_USER_TTL_MS;
  const cacheSize = options.cacheSize ?? CURRENT_USER_CACHE_SIZE;
  const now = options.now ?? (() => Date.now());
  const users = usersRepository(db);
  const cache = new Map<number, { user: User | null; until: number }>();
  // One read per account at a time: a burst of requests from one phone waits on the same query.
  const inFlight = new Map<number, Promise<User | null>>();
  let lookups = 0;

  async function load(id: number): Promise<User | null> {
    lookups += 1;
    const stored = await users.findById(id);
    const user: User | null = stored
      ? { id: stored.id, email: stored.email, name: stored.name, role: stored.role }
      : null;
    if (cache.size >= cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.delete(id);
    cache.set(id, { user, until: now() + ttlMs });
    return user;
  }

  function read(id: number): Promise<User | null> {
    const pending = inFlight.get(id);
    if (pending) return pending;
    const loading = load(id).finally(() => inFlight.delete(id));
    inFlight.set(id, loading);
    return loading;
  }

  return {
    get(id) {
      const cached = cache.get(id);
      if (cached && cached.until > now()) return Promise.resolve(cached.user);
      return read(id);
    },
    fresh: read,
    forget(id) {
      cache.delete(id);
    },
    get lookups() {
      return lookups;
    },
  };
}
