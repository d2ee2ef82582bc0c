// Bench section "scale-out": menu requests/s and orders/s with one node, then with two nodes, both
// behind Debian's nginx running deploy/nginx/foodpark.conf.template (scripts/nginx.mjs), on a fresh PostgreSQL database.
// One node runs as a single node does today (no REDIS_URL); the two nodes share Redis (socket.io, limits, events).
// Load comes from autocannon in this process. Everything (load generator, balancer, nodes, PostgreSQL, Redis)
// shares this machine's cores, so the ratio says more about the machine than about the design: see the notes.
//
//   node scripts/bench/scale-out.mjs            (alone; needs the build and PostgreSQL + Redis on 127.0.0.1)
//   BENCH_SECONDS=10 node scripts/bench/scale-out.mjs
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { startNginx } from "../nginx.mjs";
import { freePort, REDIS_URL, redisAnswers } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = 32;
const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitHealthy(baseUrl, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a node exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${baseUrl} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startNode(root, port, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-scale-bench-"));
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      LOGIN_MAX_FAILURES_PER_ADDRESS: "100000",
      REGISTER_RATE_LIMIT_PER_10_MINUTES: "100000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, child);
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await gone;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBalancer(port, backendPorts) {
  const nginx = await startNginx({
    port,
    backends: backendPorts.map((backendPort) => ({ host: "127.0.0.1", port: backendPort })),
  });
  return { baseUrl: nginx.baseUrl, stop: () => nginx.close() };
}

async function json(baseUrl, urlPath, { token, body, method } = {}) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${urlPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A menu item to order (its required choices take their defaults) and customers to order it. */
async function prepare(baseUrl, customers) {
  const vendors = await json(baseUrl, "/api/vendors/list?limit=20&status=active");
  const vendor =
    vendors.data.find((candidate) => candidate.status.includes("open")) ?? vendors.data[0];
  const menu = await json(baseUrl, `/api/vendors/${vendor.id}/items`);
  const item = menu.items.flatMap((group) => group.items).find((candidate) => candidate.available);
  const itemId = Number(String(item.id).replace("item_", ""));
  const { addonGroups } = await json(baseUrl, `/api/menu-items/${itemId}/addon-groups`);
  const addonSelections = addonGroups
    .filter((group) => group.min_quantity > 0)
    .map((group) => ({
      addonGroupId: group.id,
      addonId: (group.addons.find((addon) => addon.default) ?? group.addons[0]).id,
      quantity: 1,
    }));
  const tokens = [];
  for (let i = 0; i < customers; i++) {
    const email = `bench-${randomBytes(5).toString("hex")}@foodpark.test`;
    const registered = await json(baseUrl, "/auth/register", {
      body: { email, password: "bench-password", name: "Bench Customer" },
    });
    tokens.push(registered.token);
  }
  return { vendorId: vendor.id, itemId, addonSelections, tokens };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Requests/s of the menu (a vendor's items, the busiest read), all answered 2xx. */
async function menuLoad(baseUrl, vendorId) {
  const result = await run({ url: `${baseUrl}/api/vendors/${vendorId}/items` });
  return {
    perSecond: result["2xx"] / SECONDS,
    errors: result.non2xx + result.errors,
    p99: result.latency.p99,
  };
}

/** Orders/s: each connection is its own customer, adding a line to its cart then placing a cash order. */
async function orderLoad(baseUrl, setup) {
  // autocannon starts each round of the sequence (add, then order) with a fresh context: a customer is taken from
  // the free ones for the round and given back when its order is answered, so no two connections ever share a cart
  // (sharing one, an order would empty the other's cart and it would be refused as empty).
  // Each customer is a phone carrying the balancer's cookie as a browser would, so nginx keeps it on one node
  // (the menu load, like API clients, has no cookie and spreads at random).
  const free = setup.tokens.slice();
  const cookies = new Map(
    setup.tokens.map((token) => [token, `foodpark_node=${randomBytes(16).toString("hex")}`]),
  );
  const auth = (context) => {
    context.token ??= free.shift();
    // Twice as many customers as connections: a round cut short by a lost connection does not run the pool dry.
    if (!context.token) throw new Error("more rounds in flight than customers");
    return {
      "content-type": "application/json",
      authorization: `Bearer ${context.token}`,
      cookie: cookies.get(context.token),
    };
  };
  let placed = 0;
  /** Answers other than 2xx, by request and status, with the first body seen for each (the note shows them). */
  const failures = {};
  const tally = (name) => (status, body) => {
    if (status < 300) return;
    const key = `${name} ${status}`;
    failures[key] ??= { count: 0, body: String(body ?? "").slice(0, 160) };
    failures[key].count += 1;
  };
  const result = await run({
    url: baseUrl,
    requests: [
      {
        method: "POST",
        path: "/api/cart/add-with-addons",
        setupRequest: (request, context) => ({
          ...request,
          headers: auth(context),
          body: JSON.stringify({
            itemId: setup.itemId,
            quantity: 1,
            vendorId: setup.vendorId,
            orderType: "takeaway",
            addonSelections: setup.addonSelections,
          }),
        }),
        onResponse: tally("add"),
      },
      {
        method: "POST",
        path: "/api/orders",
        setupRequest: (request, context) => ({
          ...request,
          headers: auth(context),
          body: JSON.stringify({
            vendorId: setup.vendorId,
            orderType: "takeaway",
            paymentMethod: "cash_at_counter",
            items: [],
          }),
        }),
        onResponse: (status, body, context) => {
          if (status === 201) placed += 1;
          tally("order")(status, body);
          if (context.token) free.push(context.token);
          context.token = undefined;
        },
      },
    ],
  });
  return {
    perSecond: placed / SECONDS,
    errors: result.non2xx + result.errors,
    timeouts: result.timeouts,
    failures,
    p99: result.latency.p99,
  };
}

async function measure(ctx, nodeCount, databaseUrl, portBase) {
  const nodes = [];
  let balancer;
  try {
    const ports = [];
    for (let i = 0; i < nodeCount; i++) ports.push(await ctx.port(portBase + i));
    const env = {
      DATABASE_URL: databaseUrl,
      ...(nodeCount > 1
        ? { REDIS_URL, REDIS_KEY_PREFIX: `foodpark-bench:${randomBytes(4).toString("hex")}:` }
        : {}),
    };
    // Started one after the other: the first migrates and seeds (the others would wait on the lock anyway).
    for (const port of ports) nodes.push(await startNode(ctx.root, port, env));
    balancer = await startBalancer(await ctx.port(portBase + 5), ports);
    const setup = await prepare(balancer.baseUrl, CONNECTIONS * 2);
    ctx.log(`scale-out: ${nodeCount} node(s): menu load ${SECONDS} s…`);
    const menu = await menuLoad(balancer.baseUrl, setup.vendorId);
    ctx.log(`scale-out: ${nodeCount} node(s): order load ${SECONDS} s…`);
    const orders = await orderLoad(balancer.baseUrl, setup);
    return { menu, orders, redisPrefix: env.REDIS_KEY_PREFIX };
  } finally {
    await balancer?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
  }
}

async function dropRedisKeys(prefix) {
  if (!prefix) return;
  const { Redis } = await import("ioredis");
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
}

const round = (value) => Math.round(value * 10) / 10;

const section = {
  name: "scale-out",
  title: "Scale-out: one node vs two nodes behind a load balancer",
  async run(ctx) {
    if (!fs.existsSync(path.join(ctx.root, "dist/server/main.js"))) {
      ctx.log("scale-out: building…");
      const build = spawnSync("npm", ["run", "--silent", "build"], {
        cwd: ctx.root,
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (build.status !== 0) throw new Error("the build failed");
    }
    const databaseReachable = await admin("select 1").then(
      () => true,
      () => false,
    );
    if (!databaseReachable || !(await redisAnswers())) {
      const note =
        "skipped: needs PostgreSQL (BENCH_DATABASE_URL) and Redis (BENCH_REDIS_URL) on this machine";
      return {
        rows: [{ metric: "scale-out", value: "—", unit: "", target: "", note }],
        json: { skipped: note },
      };
    }
    const cores = os.availableParallelism?.() ?? os.cpus().length;
    const results = {};
    for (const nodeCount of [1, 2]) {
      const name = `foodpark_bench_${randomBytes(5).toString("hex")}`;
      await admin(`create database ${name}`);
      const url = new URL(ADMIN_DATABASE_URL);
      url.pathname = `/${name}`;
      try {
        results[nodeCount] = await measure(
          ctx,
          nodeCount,
          url.toString(),
          nodeCount === 1 ? 0 : 10,
        );
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
        await dropRedisKeys(results[nodeCount]?.redisPrefix);
      }
    }
    const one = results[1];
    const two = results[2];
    const menuRatio = two.menu.perSecond / one.menu.perSecond;
    const orderRatio = two.orders.perSecond / one.orders.perSecond;
    const machine = `${cores} cores shared by the load generator, the balancer, the nodes, PostgreSQL and Redis`;
    const bigger =
      "each node is one event loop (≈1 core): with a core per node and PostgreSQL on its own host, reads should " +
      "scale close to linearly (≈1.8–1.9× for 2 nodes); orders are bounded by PostgreSQL's commits, not by nodes";
    const rows = [
      {
        metric: "menu, 1 node",
        value: round(one.menu.perSecond),
        unit: "req/s",
        target: "",
        note: `p99 ${one.menu.p99} ms, ${one.menu.errors} errors`,
      },
      {
        metric: "menu, 2 nodes",
        value: round(two.menu.perSecond),
        unit: "req/s",
        target: "",
        note: `p99 ${two.menu.p99} ms, ${two.menu.errors} errors`,
      },
      {
        metric: "menu ratio 2/1",
        value: Math.round(menuRatio * 100) / 100,
        unit: "×",
        target: "≈1.8× with a core per node",
        note: machine,
      },
      {
        metric: "orders, 1 node",
        value: round(one.orders.perSecond),
        unit: "orders/s",
        target: "",
        note: `p99 ${one.orders.p99} ms, ${one.orders.errors} non-2xx/errors ${JSON.stringify(one.orders.failures)}`,
      },
      {
        metric: "orders, 2 nodes",
        value: round(two.orders.perSecond),
        unit: "orders/s",
        target: "",
        note: `p99 ${two.orders.p99} ms, ${two.orders.errors} non-2xx/errors ${JSON.stringify(two.orders.failures)}`,
      },
      {
        metric: "orders ratio 2/1",
        value: Math.round(orderRatio * 100) / 100,
        unit: "×",
        target: "bounded by PostgreSQL",
        note: bigger,
      },
    ];
    return {
      rows,
      json: { seconds: SECONDS, connections: CONNECTIONS, cores, one, two, menuRatio, orderRatio },
    };
  },
};
export default section;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const { rows, json: raw } = await section.run({
    root,
    log: (message) => console.log(message),
    port: () => freePort(),
  });
  console.table(rows);
  console.log(JSON.stringify(raw));
}
