import type { FastifyInstance } from "fastify";
import type { SharedState } from "../plugins/redis.js";

/**
 * Domain events every node must hear, relayed over Redis pub/sub. Only `catalogueChanged` (no payload): each node
 * reloads what it keeps in memory. Order events are NOT relayed: sockets on every node already hear them through
 * the socket relay (room-relay.ts), and web push must stay on the one node that made the change (one push per change).
 */
export const RELAYED_EVENTS = ["catalogueChanged"] as const;
type RelayedEvent = (typeof RELAYED_EVENTS)[number];

export interface RelayMessage {
  from: string;
  event: RelayedEvent;
}

/** The pub/sub channel of the relayed events (also published to by commands such as `npm run park:import`). */
export const relayEventsChannel = (prefix: string): string => `${prefix}events`;

export async function relayCrossNodeEvents(
  app: FastifyInstance,
  shared: SharedState,
): Promise<void> {
  const channel = relayEventsChannel(shared.prefix);
  // While a relayed event is re-emitted here, the local listener must not publish it again.
  let relaying = false;

  // While Redis is away other nodes follow the database instead (the catalogue's CATALOGUE_FOLLOW_MS): the designed
  // fallback, so one warning per outage, not one per event.
  let warned = false;
  const stopWatching = shared.circuit.onChange((up) => {
    if (up) warned = false;
  });
  const notRelayed = (event: RelayedEvent, error?: unknown) => {
    if (error) shared.circuit.failed(error);
    if (warned) return;
    warned = true;
    app.log.warn(
      { event, err: error instanceof Error ? error.message : "Redis does not answer" },
      "events are not relayed while Redis is away: other nodes follow the database meanwhile",
    );
  };

  const publishers = RELAYED_EVENTS.map((event) => {
    const publish = () => {
      if (relaying) return;
      if (!shared.circuit.isUp()) return notRelayed(event);
      const message: RelayMessage = { from: shared.nodeId, event };
      shared.client
        .publish(channel, JSON.stringify(message))
        .catch((error: unknown) => notRelayed(event, error));
    };
    app.events.on(event, publish);
    return { event, publish };
  });

  const onMessage = (from: string, text: string) => {
    if (from !== channel) return;
    let message: Partial<RelayMessage>;
    try {
      message = JSON.parse(text) as Partial<RelayMessage>;
    } catch {
      return;
    }
    if (message.from === shared.nodeId) return;
    if (!RELAYED_EVENTS.includes(message.event as RelayedEvent)) return;
    relaying = true;
    try {
      app.events.emit(message.event as RelayedEvent);
    } finally {
      relaying = false;
    }
  };
  shared.subscriber.on("message", onMessage);
  // Not awaited: with Redis away (a node may start then) the subscription is made when it answers, and again
  // after every reconnect (ioredis resubscribes).
  shared.subscriber
    .subscribe(channel)
    .catch((error: unknown) =>
      app.log.warn({ err: error }, "could not subscribe to cross-node events"),
    );

  app.addHook("onClose", async () => {
    stopWatching();
    for (const { event, publish } of publishers) app.events.off(event, publish);
    shared.subscriber.off("message", onMessage);
    if (shared.subscriber.status === "ready")
      await shared.subscriber.unsubscribe(channel).catch(() => undefined);
  });
}
