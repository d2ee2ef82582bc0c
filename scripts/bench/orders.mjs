// POST /api/orders: 50 customers at once, each placing cash orders back to back (one add-to-cart before each, so
// every order has a filled cart), unique Idempotency-Key per order, sent as the phone sends them (token, JSON, every
// encoding, kept-alive connections) by a client as lean as pgbench is (it takes the machine's CPU from the server it
// measures); on a fresh PostgreSQL database and on PGlite. The baseline is pgbench's TPC-B on the same PostgreSQL in
// the same run (rounds alternate pgbench, PostgreSQL, PGlite); the targets are ratios to it. After the
// rounds every customer's order list is read back: each acknowledged order must be stored, once.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  api,
  freshPostgres,
  keepAliveConnection,
  median,
  percentile,
  plainItem,
  registerCustomer,
  round,
  rssMb,
  spread,
  startBuiltServer,
} from "./lib.mjs";

const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 50);
const DURATION_MS = Number(process.env.BENCH_ORDERS_SECONDS ?? 10) * 1000;
const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 3);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 50);
// Ratios measured in one run hold on any machine: the orders against pgbench's TPC-B on the same PostgreSQL (its own
// database, 50 clients, 2 threads, prepared), and the embedded database against PostgreSQL.
const TARGETS = {
  ofPgbenchTps: 0.35,
  p99OfPgbenchLatency: 4,
  pgliteOfPostgres: 0.5,
};

/** pgbench's TPC-B on its own database: initialised once (`-i -s 50`), then one 10 s run per round. */
async function pgbenchBaseline(ctx) {
  const database = await freshPostgres("pgbench");
  const run = (args) =>
    new Promise((resolve, reject) => {
      execFile(
        "pgbench",
        [...args, database.url],
        { maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`pgbench: ${stderr || error.message}`)) : resolve(stdout),
      );
    });
  ctx.log(`pgbench: initialising scale ${PGBENCH_SCALE}…`);
  await run(["-i", "-q", "-s", String(PGBENCH_SCALE)]);
  return {
    async measure() {
      const out = await run([
        "-c",
        String(CUSTOMERS),
        "-j",
        "2",
        "-T",
        String(DURATION_MS / 1000),
        "-M",
        "prepared",
        "-n",
      ]);
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
      const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
      if (!Number.isFinite(tps) || !Number.isFinite(latencyMs))
        throw new Error(`pgbench said: ${out}`);
      return { tps: round(tps), latencyAverageMs: round(latencyMs, 2) };
    },
    drop: database.drop,
  };
}

/** Customers who each have an account, and the plain item they order. */
async function prepare(baseUrl) {
  const { vendorId, itemId } = await plainItem(baseUrl);
  const customers = [];
  for (let index = 0; index < CUSTOMERS; index += 1)
    customers.push(await registerCustomer(baseUrl, "bench-orders"));
  /** Acknowledged order ids per customer token, over every round. */
  const acknowledged = new Map(customers.map(({ token }) => [token, []]));
  return { baseUrl, vendorId, itemId, customers, acknowledged };
}

/** What Chrome on the phone sends with every call besides its body: the customer's token, every encoding it reads. */
const phoneHeaders = (token) => ({
  authorization: `Bearer ${token}`,
  "accept-encoding": "gzip, deflate, br, zstd",
});

async function measure({ baseUrl, vendorId, itemId, customers, acknowledged }) {
  const latencies = [];
  const failures = [];
  const started = performance.now();
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    customers.map(async ({ token }) => {
      // One kept-alive connection per customer, as a phone keeps one; a lean client, as pgbench is.
      const connection = keepAliveConnection(baseUrl);
      const headers = phoneHeaders(token);
      const call = (urlPath, options) =>
        connection
          .request("POST", urlPath, options)
          .catch((error) => ({ status: 0, text: error.message }));
      try {
        while (Date.now() < deadline) {
          const added = await call("/api/cart/add", {
            headers,
            body: { itemId, vendorId, quantity: 1 },
          });
          if (added.status !== 200) {
            failures.push(`cart: ${added.status} ${added.text}`.slice(0, 200));
            continue;
          }
          const t0 = performance.now();
          const { status, text } = await call("/api/orders", {
            headers: { ...headers, "idempotency-key": `bench-${randomUUID()}` },
            body: { vendorId, orderType: "takeaway", items: [], paymentMethod: "cash_at_counter" },
          });
          const elapsed = performance.now() - t0;
          if (status === 201) {
            latencies.push(elapsed);
            acknowledged.get(token).push(JSON.parse(text).id);
          } else failures.push(`order: ${status} ${text}`.slice(0, 200));
        }
      } finally {
        connection.close();
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

/** Every acknowledged order stored once: each customer's list holds exactly the ids it was answered with. */
async function storedOnce({ baseUrl, acknowledged }) {
  let missing = 0;
  let duplicates = 0;
  for (const [token, ids] of acknowledged) {
    const { data } = await api(baseUrl, "/api/orders", { token });
    const stored = data.map((order) => order.id);
    duplicates += stored.length - new Set(stored).size + (ids.length - new Set(ids).size);
    const storedSet = new Set(stored);
    missing += ids.filter((id) => !storedSet.has(id)).length;
  }
  return { missing, duplicates };
}

/** Median of the rounds, and the spread as "min–max". */
function middle(values) {
  const rounded = values.map((value) => round(value, 2));
  return { median: median(rounded), spread: spread(rounded) };
}

const verdict = (ok) => (ok ? "met" : "MISSED");

export default {
  name: "orders",
  title: `Add to cart + POST /api/orders, ${CUSTOMERS} concurrent customers (cash, Idempotency-Key), against pgbench TPC-B on the same PostgreSQL; ${ROUNDS} rounds`,
  async run(ctx) {
    const baseline = await pgbenchBaseline(ctx);
    const database = await freshPostgres("orders");
    const servers = {};
    try {
      for (const [index, kind] of ["postgres", "pglite"].entries())
        servers[kind] = await startBuiltServer({
          root: ctx.root,
          port: ctx.port(index + 1),
          databaseUrl: kind === "postgres" ? database.url : undefined,
          log: ctx.log,
        });
      const setups = {};
      for (const [kind, server] of Object.entries(servers))
        setups[kind] = await prepare(server.baseUrl);
      const rounds = [];
      // The three runs of a round back to back, so a burst of other load on the machine hits them alike.
      for (let round = 1; round <= ROUNDS; round += 1) {
        ctx.log(`round ${round}/${ROUNDS}: pgbench…`);
        const pgbench = await baseline.measure();
        ctx.log(`round ${round}/${ROUNDS}: orders on PostgreSQL…`);
        const postgres = await measure(setups.postgres);
        ctx.log(`round ${round}/${ROUNDS}: orders on PGlite…`);
        const pglite = await measure(setups.pglite);
        rounds.push({
          pgbench,
          postgres,
          pglite,
          ofPgbenchTps: postgres.ordersPerSecond / pgbench.tps,
          p99OfPgbenchLatency: postgres.p99Ms / pgbench.latencyAverageMs,
          pgliteOfPostgres: pglite.ordersPerSecond / postgres.ordersPerSecond,
        });
      }
      const stored = {};
      const rss = {};
      for (const [kind, server] of Object.entries(servers)) {
        stored[kind] = await storedOnce(setups[kind]);
        rss[kind] = round(rssMb(server.pid));
      }
      return report(rounds, stored, rss);
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
      await database.drop();
      await baseline.drop();
    }
  },
};

function report(rounds, stored, rss) {
  const of = (pick) => middle(rounds.map(pick));
  const tps = of((r) => r.pgbench.tps);
  const latency = of((r) => r.pgbench.latencyAverageMs);
  const ratio = of((r) => r.ofPgbenchTps);
  const p99Ratio = of((r) => r.p99OfPgbenchLatency);
  const embedded = of((r) => r.pgliteOfPostgres);
  const percent = (m) =>
    `${Math.round(m.median * 100)} % (${m.spread
      .split("–")
      .map((v) => Math.round(v * 100))
      .join("–")} %)`;
  const rows = [
    {
      metric: "pgbench TPC-B (baseline)",
      value: tps.median,
      unit: "tps",
      target: "",
      note: `spread ${tps.spread}; latency average ${latency.median} ms (${latency.spread})`,
    },
  ];
  for (const kind of ["postgres", "pglite"]) {
    const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
    const perSecond = of((r) => r[kind].ordersPerSecond);
    const p50 = of((r) => r[kind].p50Ms);
    const p99 = of((r) => r[kind].p99Ms);
    const errors = rounds.reduce((sum, r) => sum + r[kind].errors, 0);
    rows.push(
      {
        metric: `orders/s on ${name}`,
        value: perSecond.median,
        unit: "orders/s",
        target:
          kind === "postgres"
            ? `≥ ${TARGETS.ofPgbenchTps * 100} % of pgbench`
            : `≥ ${TARGETS.pgliteOfPostgres * 100} % of PostgreSQL`,
        note:
          kind === "postgres"
            ? `spread ${perSecond.spread}; ${percent(ratio)} of pgbench: ${verdict(ratio.median >= TARGETS.ofPgbenchTps)}`
            : `spread ${perSecond.spread}; ${percent(embedded)} of PostgreSQL: ${verdict(embedded.median >= TARGETS.pgliteOfPostgres)}`,
      },
      {
        metric: `POST /api/orders p50 / p99 on ${name}`,
        value: `${p50.median} / ${p99.median}`,
        unit: "ms",
        target: kind === "postgres" ? `p99 ≤ ${TARGETS.p99OfPgbenchLatency} × pgbench latency` : "",
        note:
          kind === "postgres"
            ? `p99 spread ${p99.spread}; ${p99Ratio.median}× (${p99Ratio.spread}): ${verdict(p99Ratio.median <= TARGETS.p99OfPgbenchLatency)}`
            : `p99 spread ${p99.spread}`,
      },
      {
        metric: `server RSS after the runs on ${name}`,
        value: rss[kind],
        unit: "MB",
        target: "≤ 400",
        note: verdict(rss[kind] <= 400),
      },
      {
        metric: `errors / acknowledged orders missing / stored twice on ${name}`,
        value: `${errors} / ${stored[kind].missing} / ${stored[kind].duplicates}`,
        unit: "",
        target: "0 / 0 / 0",
        note: rounds.flatMap((r) => r[kind].firstErrors)[0] ?? "",
      },
    );
  }
  return {
    rows,
    json: {
      customers: CUSTOMERS,
      durationMs: DURATION_MS,
      pgbench: { scale: PGBENCH_SCALE, clients: CUSTOMERS, threads: 2, mode: "prepared" },
      targets: TARGETS,
      rounds,
      stored,
      rssAfterMb: rss,
      note: "orders/s counts completed orders over a run; each customer adds one item to its cart before each order",
    },
  };
}
