import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import type { SharedState } from "../plugins/redis.js";

/** One room, or several: a socket in more than one of them still receives the message once. */
export type RoomTarget = string | readonly string[];

/** Sends one socket message to a room (or rooms), on every node that has sockets in it. */
export interface RoomRelay {
  emit(room: RoomTarget, event: string, payload: unknown): void;
  /** Messages waiting for Redis (kept in this node's outbox). */
  waiting(): number;
  close(): Promise<void>;
}

/** One node alone: socket.io's own in-memory rooms. */
export function localRoomRelay(io: Server): RoomRelay {
  return {
    emit: (room, event, payload) => void io.to(room as string | string[]).emit(event, payload),
    waiting: () => 0,
    close: async () => undefined,
  };
}

interface RelayMessage {
  /** Unique per message: a message sent twice (a timeout after Redis took it) is delivered once. */
  id: string;
  from: string;
  room: RoomTarget;
  event: string;
  payload: unknown;
}

/** Outbox bound: at a park's pace hours of status changes; beyond it the oldest go (the app's refresh covers). */
export const RELAY_OUTBOX_LIMIT = 10_000;
const STREAM_LENGTH = 10_000;
const READ_BLOCK_MS = 1_000;
const SEEN_LIMIT = 5_000;
const FLUSH_BATCH = 200;
/** A node reads the stream from this long before its start: node and Redis clocks may differ by this much. */
export const RELAY_START_MARGIN_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Several nodes: every room message is delivered at once to this node's sockets and appended to one Redis
 * stream that every node reads, delivering what other nodes appended to its own sockets. Redis away: messages
 * wait in this node's outbox (in order) and are appended when it answers again, and a node's reader resumes
 * from the last entry it read, so nothing said during an outage is lost and it arrives within moments of Redis
 * returning (reconnects are tried every second). A node reads from its own start, so a node (re)started during
 * an outage still receives what other nodes held for its customers. A stream rather than pub/sub for exactly that: pub/sub drops
 * what is published while a subscriber is away.
 */
export function streamRoomRelay(
  io: Server,
  shared: SharedState,
  log: FastifyBaseLogger,
): RoomRelay {
  const stream = `${shared.prefix}socket-relay`;
  const startedAt = Date.now();
  const outbox: string[] = [];
  const seen = new Set<string>();
  let flushing = false;
  let stopped = false;

  const deliver = (message: RelayMessage) => {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
    io.to(message.room as string | string[]).emit(message.event, message.payload);
  };

  async function flush(): Promise<void> {
    if (flushing || stopped) return;
    flushing = true;
    try {
      // In batches, one round trip each: after an outage the outbox holds every staff-room message of a busy
      // park as well, and one append per round trip would hold a customer's update behind them for seconds.
      while (outbox.length > 0 && shared.circuit.isUp()) {
        const batch = outbox.slice(0, FLUSH_BATCH);
        const pipeline = shared.client.pipeline();
        for (const text of batch)
          pipeline.xadd(stream, "MAXLEN", "~", STREAM_LENGTH, "*", "m", text);
        const results = await pipeline.exec().catch(() => null);
        let appended = 0;
        for (const [error] of results ?? []) {
          if (error) break;
          appended += 1;
        }
        outbox.splice(0, appended);
        if (appended < batch.length) {
          // Redis went away again, or does not answer: the rest waits (retried once it answers).
          shared.circuit.failed();
          break;
        }
      }
    } finally {
      flushing = false;
    }
  }
  const stopWatching = shared.circuit.onChange((up) => {
    if (up) void flush();
  });
  // An append can also fail while the connection looks ready (a timeout on a busy Redis): try again shortly
  // rather than wait for the next message or reconnect.
  const retry = setInterval(() => {
    if (outbox.length > 0) void flush();
  }, 250);
  retry.unref();

  async function read(): Promise<void> {
    // From this node's start (stream ids are times in ms), not from the stream's last entry when the reader first
    // gets through: a node started while Redis is away would otherwise skip what other nodes held meanwhile and
    // flushed the moment Redis returned, its own customers' updates among them. The margin covers clocks a little
    // apart; what it replays reaches only sockets connected since, as a repeat of a status they already show.
    let lastId = `${Math.max(0, startedAt - RELAY_START_MARGIN_MS)}-0`;
    while (!stopped) {
      if (shared.relayReader.status !== "ready") {
        await pause(100);
        continue;
      }
      try {
        const result: [string, [string, string[]][]][] | null = await shared.relayReader.xread(
          "COUNT",
          500,
          "BLOCK",
          READ_BLOCK_MS,
          "STREAMS",
          stream,
          lastId,
        );
        for (const [, entries] of result ?? []) {
          for (const [id, fields] of entries) {
            lastId = id;
            const text = fields[1];
            if (!text) continue;
            try {
              const message = JSON.parse(text) as RelayMessage;
              if (message.from !== shared.nodeId) deliver(message);
            } catch {
              // not ours
            }
          }
        }
      } catch (error) {
        if (!stopped) {
          log.debug({ err: (error as Error).message }, "socket relay read failed; retrying");
          await pause(200);
        }
      }
    }
  }
  const reading = read();

  return {
    emit(room, event, payload) {
      const message: RelayMessage = { id: randomUUID(), from: shared.nodeId, room, event, payload };
      deliver(message);
      outbox.push(JSON.stringify(message));
      if (outbox.length > RELAY_OUTBOX_LIMIT) outbox.shift();
      void flush();
    },
    waiting: () => outbox.length,
    async close() {
      stopped = true;
      clearInterval(retry);
      stopWatching();
      // The reader's blocking XREAD ends within READ_BLOCK_MS, or when the redis plugin disconnects.
      await Promise.race([reading, pause(READ_BLOCK_MS + 200)]);
    },
  };
}
