/**
 * Redis for tests: the machine's (tests/services.ts). The Redis is shared with
 * other runs, so every test uses its own random key prefix and deletes its keys afterwards (never FLUSHDB).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export { testRedisUrl } from "../../services";

import { testRedisUrl } from "../../services";

/** A fresh prefix such as `foodpark-test:1a2b3c4d:`. */
export function randomRedisPrefix(): string {
  return `foodpark-test:${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under `prefix` (SCAN, so a shared Redis is never blocked). */
export async function deleteRedisKeys(prefix: string, url = testRedisUrl): Promise<void> {
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
