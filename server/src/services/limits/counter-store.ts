/**
 * Fixed-window counters for abuse limits: in this process (one node) or in Redis (shared by every node).
 * A window starts with its first hit and lasts `windowMs`; `resetMs` is what is left of it.
 */
export interface Count {
  count: number;
  resetMs: number;
}

export interface CounterStore {
  /** Adds one and answers the new count. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** Takes one back (never below zero, never starting a window). */
  undo(key: string): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
}

/** One node alone: a map with expiry, swept as it is used. */
export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const at = now();
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };
  return {
    async hit(key, windowMs) {
      sweep();
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return { count: entry.count, resetMs: Math.max(0, entry.expiresAt - now()) };
    },
    async undo(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

/** The few ioredis commands the Redis store uses (typed here so ioredis loads only with REDIS_URL). */
export interface RedisCommands {
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(key: string): Promise<number>;
}

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const UNDO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Every node counts in the same keys: `prefix` + key. Each call is one atomic script. */
export function redisCounterStore(redis: RedisCommands, prefix: string): CounterStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
    },
    async undo(key) {
      await redis.eval(UNDO, 1, prefix + key);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
