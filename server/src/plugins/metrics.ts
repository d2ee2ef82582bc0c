import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Registry } from "prom-client";
import { bearerToken } from "./auth.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app: tests run several in one process); null without METRICS_TOKEN. */
    metrics: Registry | null;
  }
}

/** Seconds: API calls are expected in milliseconds, a slow database or payment provider in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(sent: string | null, expected: string): boolean {
  if (sent === null) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at GET /metrics, for a scraper holding METRICS_TOKEN (no token set: no endpoint, no counting). Labels are
 * route templates (`/api/orders/:orderId`), methods, status codes and outcomes: never a customer, order or token.
 */
export default fp<{ token: string | undefined }>(
  async (app: FastifyInstance, { token }) => {
    // Nobody can scrape without the token: nothing is counted, no per-request hook, prom-client never loaded.
    if (!token) {
      app.decorate("metrics", null);
      return;
    }
    const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import(
      "prom-client"
    );
    const registry = new Registry();
    app.decorate("metrics", registry);
    // Process metrics, event-loop lag among them (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    const registers = [registry];

    const requests = new Counter({
      name: "foodpark_http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    });
    const latency = new Histogram({
      name: "foodpark_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    app.addHook("onResponse", (request, reply, done) => {
      // The template the router matched; anything unmatched (static files, unknown paths) is one series.
      const route = request.routeOptions.url ?? "unmatched";
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    const ordersPlaced = new Counter({
      name: "foodpark_orders_placed_total",
      help: "Orders placed on this node",
      registers,
    });
    const payments = new Counter({
      name: "foodpark_payments_total",
      help: "Card payments by recorded outcome (paid, declined, failed, canceled)",
      labelNames: ["outcome"] as const,
      registers,
    });
    const statusEvents = new Counter({
      name: "foodpark_status_events_sent_total",
      help: "Order status changes sent to sockets (the customer's room and the staff room) from this node",
      registers,
    });
    const onPlaced = () => ordersPlaced.inc();
    const onPayment = (outcome: string) => payments.inc({ outcome });
    const onStatus = () => statusEvents.inc();
    app.events.on("orderPlaced", onPlaced);
    app.events.on("paymentOutcome", onPayment);
    app.events.on("orderStatusChanged", onStatus);
    app.addHook("onClose", async () => {
      app.events.off("orderPlaced", onPlaced);
      app.events.off("paymentOutcome", onPayment);
      app.events.off("orderStatusChanged", onStatus);
    });

    new Gauge({
      name: "foodpark_sockets_connected",
      help: "Socket.IO clients connected to this node",
      registers,
      collect() {
        this.set(app.hasDecorator("io") ? app.io.engine.clientsCount : 0);
      },
    });
    new Gauge({
      name: "foodpark_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting requests, max); absent for the embedded database",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = app.db.poolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: "foodpark_redis_up",
      help: "1 while a Redis connection (commands, the socket relay's reader, the event subscriber) is ready, and for commands also answers its health probe in time; absent for one node alone",
      labelNames: ["connection"] as const,
      registers,
      collect() {
        const shared = app.shared;
        if (!shared) return;
        const connections = {
          commands: shared.client,
          relay: shared.relayReader,
          subscriber: shared.subscriber,
        };
        for (const [connection, client] of Object.entries(connections))
          this.set({ connection }, client.status === "ready" ? 1 : 0);
        // Open but not answering (a hung Redis) is down too.
        if (!shared.circuit.isUp()) this.set({ connection: "commands" }, 0);
      },
    });

    app.get("/metrics", async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      if (!sameToken(bearerToken(request.headers.authorization), token)) {
        return reply
          .status(401)
          .header("WWW-Authenticate", 'Bearer realm="metrics"')
          .send({ message: "Metrics need the METRICS_TOKEN bearer token" });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics", dependencies: ["db"] },
);
