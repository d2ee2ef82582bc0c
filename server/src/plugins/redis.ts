import { randomUUID } from "node:crypto";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { ServerConfig } from "../config.js";
import { createRedisCircuit, type RedisCircuit } from "../lib/redis-circuit.js";

/**
 * What several nodes share through Redis. One plugin owns every connection:
 * - `client`: commands (rate limits, login failure counts, publishing). Never waits for Redis: while it is
 *   away a command fails at once (no offline queue), one in flight fails after REDIS_COMMAND_TIMEOUT_MS, and
 *   callers fall back to this node alone (services/limits/fallback-store.ts, realtime/room-relay.ts);
 * - `relayReader`: the blocking XREAD of the socket relay (must not hold up other commands, has no timeout);
 * - `subscriber`: pub/sub (a subscribed connection can run no other command).
 */
export interface SharedState {
  client: Redis;
  /**
   * Whether Redis answers now (lib/redis-circuit.ts): every user of `client` asks it before a command, and tells
   * it when one fails, so a Redis that stops answering costs one command timeout at most, not one per request.
   */
  circuit: RedisCircuit;
  relayReader: Redis;
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

/** A probe answered later than this (or the command timeout, if shorter) opens the circuit. */
export const REDIS_PROBE_DEADLINE_MS = 400;

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
    // Redis away is an outage to ride out, not a reason to stop serving: a node also starts without it (limits
    // per node, socket messages kept in an outbox) and joins in when Redis answers. Reconnect every ≤ 1 s.
    const client = new Redis(config.redisUrl, {
      connectTimeout: 2000,
      commandTimeout: config.redisCommandTimeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    const relayReader = client.duplicate({
      commandTimeout: undefined,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    const subscriber = client.duplicate({
      commandTimeout: undefined,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    const connections = [client, relayReader, subscriber];
    // One warning per connection per outage, not one per reconnect attempt.
    for (const [role, connection] of [
      ["commands", client],
      ["socket relay", relayReader],
      ["subscriber", subscriber],
    ] as const) {
      let down = false;
      connection.on("error", (error: Error) => {
        if (down) return;
        down = true;
        app.log.warn(
          { redis: shown, role, err: error.message },
          "Redis unavailable: this node carries on alone",
        );
      });
      connection.on("ready", () => {
        if (down) app.log.info({ redis: shown, role }, "Redis is back");
        down = false;
      });
    }

    // Normally Redis answers within a moment: wait for it so the first requests already share their limits.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      client.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (client.status !== "ready")
      app.log.warn(
        { redis: shown },
        "Redis does not answer yet: starting alone, joining in when it does",
      );

    // A probe's own deadline: a frozen Redis is down within a probe interval and this (under 1 s by default).
    const circuit = createRedisCircuit(client, {
      probeDeadlineMs: Math.min(config.redisCommandTimeoutMs, REDIS_PROBE_DEADLINE_MS),
    });
    circuit.onChange((up, why) => {
      if (up) app.log.info({ redis: shown }, "Redis answers again: shared limits and relay resume");
      else
        app.log.warn(
          { redis: shown, why },
          "Redis does not answer: this node carries on alone until it does",
        );
    });

    app.decorate("shared", {
      client,
      circuit,
      relayReader,
      subscriber,
      prefix: config.redisKeyPrefix,
      nodeId: randomUUID(),
    });
    app.log.info({ redis: shown }, "shared live state in Redis");
    // Registered first, closed last: socket.io and the rate limits are done with the connections by then.
    app.addHook("onClose", async () => {
      circuit.stop();
      await Promise.all(
        connections.map(async (connection) => {
          if (connection.status === "ready") {
            const timeout = new Promise((resolve) => setTimeout(resolve, 1000).unref());
            await Promise.race([connection.quit().catch(() => undefined), timeout]);
          }
          connection.disconnect();
        }),
      );
    });
  },
  { name: "redis" },
);
