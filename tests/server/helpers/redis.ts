/**
 * Redis for tests: `TEST_REDIS_URL` (e.g. redis://127.0.0.1:6379, exported by .ci/run). The Redis is shared with
 * other runs, so every test uses its own random key prefix and deletes its keys afterwards (never FLUSHDB).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** A fresh prefix such as `foodpark-test:1a2b3c4d:`. */
export function randomRedisPrefix(): string {
  return `foodpark-test:${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under `prefix` (SCAN, so a shared Redis is never blocked). */
export async function deleteRedisKeys(prefix: string, url = testRedisUrl): Promise<void> {
  if (!url) return;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}
