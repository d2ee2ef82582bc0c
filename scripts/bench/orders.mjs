// POST /api/orders: 20 customers at once, each placing cash orders back to back (one add-to-cart before each, so
// every order has a filled cart), unique Idempotency-Key per order; on PGlite and on a fresh PostgreSQL database.
import { randomUUID } from "node:crypto";
import {
  api,
  freshPostgres,
  percentile,
  plainItem,
  registerCustomer,
  round,
  startBuiltServer,
} from "./lib.mjs";

const CUSTOMERS = 20;
const DURATION_MS = Number(process.env.BENCH_ORDERS_SECONDS ?? 10) * 1000;
// Targets set from the runs recorded in docs/performance.md and what a Node + PostgreSQL checkout of this shape
// (one transaction: read cart, price, insert order and lines, clear cart) reaches on 2 cores.
const TARGETS = {
  pglite: { ordersPerSecond: 40, p99Ms: 500 },
  postgres: { ordersPerSecond: 100, p99Ms: 250 },
};

async function measure(baseUrl) {
  const { vendorId, itemId } = await plainItem(baseUrl);
  const customers = [];
  for (let index = 0; index < CUSTOMERS; index += 1)
    customers.push(await registerCustomer(baseUrl, "bench-orders"));
  const latencies = [];
  const failures = [];
  const started = performance.now();
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    customers.map(async ({ token }) => {
      while (Date.now() < deadline) {
        try {
          await api(baseUrl, "/api/cart/add", { token, body: { itemId, vendorId, quantity: 1 } });
        } catch (error) {
          failures.push(`cart: ${error.message}`.slice(0, 200));
          continue;
        }
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/api/orders`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            "idempotency-key": `bench-${randomUUID()}`,
          },
          body: JSON.stringify({
            vendorId,
            orderType: "takeaway",
            items: [],
            paymentMethod: "cash_at_counter",
          }),
        });
        const text = await response.text();
        const elapsed = performance.now() - t0;
        if (response.status === 201) latencies.push(elapsed);
        else failures.push(`order: ${response.status} ${text}`.slice(0, 200));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    orders: latencies.length,
    seconds: round(seconds, 2),
    ordersPerSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    errors: failures.length,
    firstErrors: failures.slice(0, 5),
  };
}

export default {
  name: "orders",
  title: "POST /api/orders, 20 concurrent customers (cash, Idempotency-Key)",
  async run(ctx) {
    const results = {};
    for (const [index, kind] of ["pglite", "postgres"].entries()) {
      const database = kind === "postgres" ? await freshPostgres("orders") : undefined;
      try {
        const server = await startBuiltServer({
          root: ctx.root,
          port: ctx.port(index + 1),
          databaseUrl: database?.url,
          log: ctx.log,
        });
        try {
          ctx.log(`${kind}: ${CUSTOMERS} customers ordering for ${DURATION_MS / 1000} s…`);
          results[kind] = await measure(server.baseUrl);
        } finally {
          await server.stop();
        }
      } finally {
        await database?.drop();
      }
    }
    const rows = [];
    for (const [kind, result] of Object.entries(results)) {
      const target = TARGETS[kind];
      const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
      rows.push(
        {
          metric: `orders/s on ${name}`,
          value: result.ordersPerSecond,
          unit: "orders/s",
          target: `≥ ${target.ordersPerSecond}`,
          note: `${result.orders} orders in ${result.seconds} s; ${result.ordersPerSecond >= target.ordersPerSecond ? "met" : "MISSED"}`,
        },
        {
          metric: `POST /api/orders p50 / p99 on ${name}`,
          value: `${result.p50Ms} / ${result.p99Ms}`,
          unit: "ms",
          target: `p99 ≤ ${target.p99Ms} ms`,
          note: result.p99Ms <= target.p99Ms ? "met" : "MISSED",
        },
        {
          metric: `errors on ${name}`,
          value: result.errors,
          unit: "",
          target: "0",
          note: result.firstErrors[0] ?? "",
        },
      );
    }
    return {
      rows,
      json: {
        customers: CUSTOMERS,
        durationMs: DURATION_MS,
        targets: TARGETS,
        results,
        note: "orders/s counts completed orders over the run; each customer adds one item to its cart before each order",
      },
    };
  },
};
