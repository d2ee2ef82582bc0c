import {
  type CounterStore,
  memoryCounterStore,
  redisCounterStore,
} from "@server/services/limits/counter-store";
import { deleteRedisKeys, randomRedisPrefix, testRedisUrl } from "@tests/server/helpers/redis";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";

describe("memory counter store", () => {
  it("counts hits in a window that starts with the first hit and ends after windowMs", async () => {
    let now = 1_000_000;
    const store = memoryCounterStore(() => now);
    expect(await store.hit("k", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 20_000;
    expect(await store.hit("k", 60_000)).toEqual({ count: 2, resetMs: 40_000 });
    now += 40_000;
    expect(await store.hit("k", 60_000)).toEqual({ count: 1, resetMs: 60_000 });
  });

  it("undo never goes below zero nor starts a window; clear forgets", async () => {
    const store = memoryCounterStore();
    await store.undo("nothing");
    expect((await store.hit("nothing", 1000)).count).toBe(1);
    await store.undo("nothing");
    await store.undo("nothing");
    expect((await store.hit("nothing", 1000)).count).toBe(1);
    await store.clear("nothing");
    expect((await store.hit("nothing", 1000)).count).toBe(1);
  });
});

describe("Redis counter store (shared by every node)", () => {
  const prefix = randomRedisPrefix();
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  const store: CounterStore = redisCounterStore(redis, prefix);

  afterAll(async () => {
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  it("counts atomically across many parallel hits, with the window's time left", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.hit("parallel", 60_000)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    for (const result of results) {
      expect(result.resetMs).toBeGreaterThan(55_000);
      expect(result.resetMs).toBeLessThanOrEqual(60_000);
    }
  });

  it("undo on a missing key creates nothing; clear deletes", async () => {
    await store.undo("missing");
    expect(await redis.exists(`${prefix}missing`)).toBe(0);
    await store.hit("gone", 60_000);
    await store.clear("gone");
    expect(await redis.exists(`${prefix}gone`)).toBe(0);
  });
});
