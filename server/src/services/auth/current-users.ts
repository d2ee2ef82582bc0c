import type { User } from "@contract/auth";
import type { Queryable } from "@server/db/database.js";
import { usersRepository } from "@server/db/repositories/users.js";
import { setBounded } from "@server/lib/bounded-map.js";

/** How long a looked-up account (exists? which role?) is trusted: a removed or demoted account loses access within this. */
export const CURRENT_USER_TTL_MS = 30_000;
export const CURRENT_USER_CACHE_SIZE = 10_000;
/** The database announces the id of a removed account, or of one whose role changed, here (migration 012). */
export const ACCOUNT_CHANGES_CHANNEL = "foodpark_account_changed";

export interface CurrentUsers {
  /**
   * The account as the database has it now (at most CURRENT_USER_TTL_MS old), or null when it no longer exists.
   * A database error rejects (it is an outage, never a sign-out).
   */
  get(id: number): Promise<User | null>;
  /** Forget one account (after a change made by this node, or announced by the database). */
  forget(id: number): void;
  /**
   * Whether removals and role changes are being announced (the database's ACCOUNT_CHANGES_CHANNEL): while they
   * are not, nothing cached is used, since a change could pass unnoticed. Setting it forgets every account.
   */
  following(on: boolean): void;
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
  let trusted = true;

  async function load(id: number): Promise<User | null> {
    lookups += 1;
    const stored = await users.findById(id);
    const user: User | null = stored
      ? { id: stored.id, email: stored.email, name: stored.name, role: stored.role }
      : null;
    setBounded(cache, id, { user, until: now() + ttlMs }, cacheSize);
    return user;
  }

  return {
    get(id) {
      const cached = trusted ? cache.get(id) : undefined;
      if (cached && cached.until > now()) return Promise.resolve(cached.user);
      const pending = inFlight.get(id);
      if (pending) return pending;
      const loading = load(id).finally(() => inFlight.delete(id));
      inFlight.set(id, loading);
      return loading;
    },
    forget(id) {
      cache.delete(id);
    },
    following(on) {
      trusted = on;
      cache.clear();
    },
    get lookups() {
      return lookups;
    },
  };
}
