import {
  type CounterStore,
  memoryCounterStore,
  type RedisCommands,
  redisCounterStore,
} from "./counter-store.js";

/**
 * Shared counts in Redis while it answers; this node's own counts while it does not. A limit then holds per node
 * (with two nodes an attacker gets at most twice the allowance) instead of not at all, and no request waits on
 * Redis: while the connection is down the local count answers at once, and a command in flight gives up after
 * the client's command timeout (REDIS_COMMAND_TIMEOUT_MS).
 */
export function withLocalFallback(
  shared: CounterStore,
  local: CounterStore,
  isUp: () => boolean,
  onFallback: (error: unknown) => void = () => undefined,
): CounterStore {
  const either =
    <A extends unknown[], R>(pick: (store: CounterStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!isUp()) return pick(local)(...args);
      try {
        return await pick(shared)(...args);
      } catch (error) {
        onFallback(error);
        return pick(local)(...args);
      }
    };
  return {
    hit: either((store) => store.hit.bind(store)),
    undo: either((store) => store.undo.bind(store)),
    clear: either((store) => store.clear.bind(store)),
  };
}

/** Whether Redis answers (lib/redis-circuit.ts), as the fallback stores need it. */
export interface RedisAvailability {
  isUp(): boolean;
  failed(error?: unknown): void;
}

/**
 * Counts in Redis under `prefix`, falling back to this node's memory while Redis is away or does not answer; a
 * failed command tells the circuit, so the next requests do not try it until a probe answers.
 */
export function redisCounterStoreWithFallback(
  redis: RedisCommands,
  prefix: string,
  circuit: RedisAvailability,
): CounterStore {
  return withLocalFallback(
    redisCounterStore(redis, prefix),
    memoryCounterStore(),
    () => circuit.isUp(),
    (error) => circuit.failed(error),
  );
}

interface RateLimitRouteOptions {
  routeInfo: { method: string; url: string };
}
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (its `store` option) over the same fallback: route limits are counted in
 * Redis, per node while Redis is away. Keys as the plugin's own Redis store builds them.
 */
export function rateLimitStoreWithFallback(
  redis: RedisCommands,
  nameSpace: string,
  circuit: RedisAvailability,
) {
  const counters = redisCounterStoreWithFallback(redis, nameSpace, circuit);
  return class FallbackRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly key = "",
    ) {}
    incr(id: string, callback: IncrCallback, timeWindow: number) {
      counters.hit(this.key + id, timeWindow).then(
        (count) => callback(null, { current: count.count, ttl: count.resetMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: unknown) {
      // The plugin passes the route's merged options, with `routeInfo` (its own Redis store reads the same).
      const { routeInfo } = routeOptions as RateLimitRouteOptions;
      return new FallbackRateLimitStore(
        undefined,
        `${this.key}${routeInfo.method}${routeInfo.url}-`,
      );
    }
  };
}
