import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { ServerConfig } from "../config.js";
import { DEFAULT_REDIS_KEY_PREFIX } from "../config.js";

/**
 * What several nodes share through Redis. One plugin owns every connection:
 * - `client`: commands (rate limits, login failure counts, publishing cross-node events);
 * - `adapterClient`: socket.io's Redis streams adapter (its blocking XREAD must not hold up other commands);
 * - `subscriber`: pub/sub (a subscribed connection can run no other command).
 */
export interface SharedState {
  client: Redis;
  adapterClient: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel (REDIS_KEY_PREFIX). */
  prefix: string;
  /** This process, so it can ignore what it published itself. */
  nodeId: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when REDIS_URL is: state shared by every node. Null for one node alone. */
    shared: SharedState | null;
  }
}

/** Hides the password of a redis:// URL for logs and errors. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "redis://…";
  }
}

/**
 * `REDIS_URL` turns on shared live state. Without it nothing here loads (ioredis is imported on demand) and
 * the app decorates `shared: null`.
 */
export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    if (!config.redisUrl) {
      app.decorate("shared", null);
      return;
    }
    const { Redis } = await import("ioredis");
    const shown = redactRedisUrl(config.redisUrl);
    // Rate limits want quick answers: fail fast instead of queueing while Redis is away (the limits then skip).
    // At start a Redis that does not answer is an error (a few tries); once running, reconnect for as long as it takes.
    let started = false;
    const client = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => (!started && times > 3 ? null : Math.min(times * 200, 2000)),
    });
    const connections = [client];
    const onError = (role: string) => (error: Error) =>
      app.log.warn({ redis: shown, role, err: error.message }, "Redis connection problem");
    client.on("error", onError("commands"));
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(
        `REDIS_URL is set but Redis at ${shown} does not answer (${(error as Error).message}). ` +
          "Start Redis or unset REDIS_URL to run a single node.",
      );
    }
    const adapterClient = client.duplicate({ maxRetriesPerRequest: 20 });
    const subscriber = client.duplicate({ maxRetriesPerRequest: 20 });
    adapterClient.on("error", onError("socket.io adapter"));
    subscriber.on("error", onError("subscriber"));
    connections.push(adapterClient, subscriber);
    await Promise.all([adapterClient, subscriber].map((connection) => connection.connect()));
    started = true;

    app.decorate("shared", {
      client,
      adapterClient,
      subscriber,
      prefix: config.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
      nodeId: randomUUID(),
    });
    app.log.info({ redis: shown }, "shared live state in Redis");
    // Registered first, closed last: socket.io and the rate limits are done with the connections by then.
    app.addHook("onClose", async () => {
      await Promise.all(
        connections.map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    });
  },
  { name: "redis" },
);
