// POST /api/orders: 50 customers at once, each placing cash orders back to back (one add-to-cart before each, so
// every order has a filled cart), unique Idempotency-Key per order; on PGlite and on a fresh PostgreSQL database.
// After the run every customer's order list is read back: each acknowledged order must be stored, once. The PGlite
// server's resident memory after the run is the memory section's "after the orders" row.
import { randomUUID } from "node:crypto";
import {
  api,
  freshPostgres,
  percentile,
  plainItem,
  postJson,
  registerCustomer,
  round,
  rssMb,
  startBuiltServer,
} from "./lib.mjs";

const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 50);
const DURATION_MS = Number(process.env.BENCH_ORDERS_SECONDS ?? 10) * 1000;
// Targets set from the runs recorded in docs/performance.md and what a Node + PostgreSQL checkout of this shape
// (one transaction: read cart, price, insert order and lines, clear cart) reaches on 2 cores.
const TARGETS = {
  pglite: { ordersPerSecond: 150, p99Ms: 250 },
  postgres: { ordersPerSecond: 400, p99Ms: 100 },
};

async function measure(baseUrl) {
  const { vendorId, itemId } = await plainItem(baseUrl);
  const customers = [];
  for (let index = 0; index < CUSTOMERS; index += 1)
    customers.push(await registerCustomer(baseUrl, "bench-orders"));
  const latencies = [];
  const failures = [];
  /** Acknowledged order ids per customer token. */
  const acknowledged = new Map(customers.map(({ token }) => [token, []]));
  const started = performance.now();
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    customers.map(async ({ token }) => {
      while (Date.now() < deadline) {
        const added = await postJson(`${baseUrl}/api/cart/add`, {
          token,
          body: { itemId, vendorId, quantity: 1 },
        }).catch((error) => ({ status: 0, text: error.message }));
        if (added.status !== 200) {
          failures.push(`cart: ${added.status} ${added.text}`.slice(0, 200));
          continue;
        }
        const t0 = performance.now();
        const { status, text } = await postJson(`${baseUrl}/api/orders`, {
          token,
          headers: { "idempotency-key": `bench-${randomUUID()}` },
          body: { vendorId, orderType: "takeaway", items: [], paymentMethod: "cash_at_counter" },
        }).catch((error) => ({ status: 0, text: error.message }));
        const elapsed = performance.now() - t0;
        if (status === 201) {
          latencies.push(elapsed);
          acknowledged.get(token).push(JSON.parse(text).id);
        } else failures.push(`order: ${status} ${text}`.slice(0, 200));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Every acknowledged order stored once: each customer's list holds exactly the ids it was answered with.
  let missing = 0;
  let duplicates = 0;
  for (const [token, ids] of acknowledged) {
    const { data } = await api(baseUrl, "/api/orders", { token });
    const stored = data.map((order) => order.id);
    duplicates += stored.length - new Set(stored).size + (ids.length - new Set(ids).size);
    const storedSet = new Set(stored);
    missing += ids.filter((id) => !storedSet.has(id)).length;
  }
  return {
    missing,
    duplicates,
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
  title: `Add to cart + POST /api/orders, ${CUSTOMERS} concurrent customers (cash, Idempotency-Key)`,
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
          results[kind].rssAfterMb = round(rssMb(server.pid));
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
          metric: `server RSS after the run on ${name}`,
          value: result.rssAfterMb,
          unit: "MB",
          target: kind === "pglite" ? "≤ 400" : "",
          note: kind === "pglite" ? (result.rssAfterMb <= 400 ? "met" : "MISSED") : "",
        },
        {
          metric: `errors / acknowledged orders missing / stored twice on ${name}`,
          value: `${result.errors} / ${result.missing} / ${result.duplicates}`,
          unit: "",
          target: "0 / 0 / 0",
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
