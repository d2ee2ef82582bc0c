/**
 * Cross-node events while Redis is away: not relaying is the designed fallback (other nodes follow the database),
 * so it is logged at warn once per outage, never at error and never once per event.
 */
import { DomainEvents } from "@server/events.js";
import { createRedisCircuit } from "@server/lib/redis-circuit.js";
import type { SharedState } from "@server/plugins/redis.js";
import { relayCrossNodeEvents } from "@server/realtime/event-relay.js";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";

describe("the cross-node event relay during a Redis outage", () => {
  it("warns once per outage, whatever the number of catalogue changes", async () => {
    const logged: { level: string; message: string }[] = [];
    const log = (level: string) => (_context: unknown, message: string) =>
      void logged.push({ level, message });
    const events = new DomainEvents();
    const app = {
      events,
      log: { error: log("error"), warn: log("warn"), info: log("info"), debug: log("debug") },
      addHook: () => undefined,
    } as unknown as FastifyInstance;
    let answering = true;
    const connection = {
      status: "ready",
      ping: async () => {
        if (!answering) throw new Error("Connection is closed.");
        return "PONG";
      },
    };
    const circuit = createRedisCircuit(connection, { probeEveryMs: 10, probeDeadlineMs: 50 });
    const published: string[] = [];
    const shared = {
      client: {
        publish: async (_channel: string, text: string) => {
          if (!answering) throw new Error("Command timed out");
          published.push(text);
          return 1;
        },
      },
      subscriber: {
        on: () => undefined,
        off: () => undefined,
        subscribe: async () => 1,
        status: "ready",
      },
      circuit,
      prefix: "test:",
      nodeId: "node-a",
    } as unknown as SharedState;
    await relayCrossNodeEvents(app, shared);
    try {
      for (let outage = 0; outage < 2; outage += 1) {
        answering = false;
        for (let change = 0; change < 5; change += 1) {
          events.emit("catalogueChanged");
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await expect.poll(() => circuit.isUp()).toBe(false);
        answering = true;
        await expect.poll(() => circuit.isUp()).toBe(true);
        events.emit("catalogueChanged");
      }
      expect(logged.filter((line) => line.level === "error")).toEqual([]);
      expect(logged.filter((line) => line.level === "warn")).toHaveLength(2);
      expect(published).toHaveLength(2);
    } finally {
      circuit.stop();
    }
  });
});
