// Two parts. One node: 20,000 connected customer sockets (socket.io-client, websocket): staff move orders along and
// each change is timed from the staff PATCH leaving to the owning customer's `order-status-notification` arriving.
// Two nodes: the same, across nodes: two built nodes sharing PostgreSQL and Redis behind nginx running
// deploy/nginx/foodpark.conf.template (scripts/nginx.mjs), 4,500 sockets on each (BENCH_SOCKETS_PER_NODE) connected
// through nginx as the phone connects, and every change made on the node the customer's socket is NOT on.
// BENCH_SOCKETS_PARTS=one-node or two-nodes runs one part only.
// 20 real customers own the orders; the other sockets are signed-in customers with no orders, connected and in
// their rooms the whole time. Sockets sign in as the account is now, so those are real accounts too: written to the
// server's database in one statement (on a fresh PostgreSQL database: registering thousands through the API would
// spend minutes hashing passwords), with tokens signed with the server's JWT_SECRET as its own tokens are.
// Each socket is a file descriptor in this process and one in the server's (through nginx, two in nginx): the
// servers and nginx are started with their soft limit raised to the hard limit (`ulimit -n`), and where the hard
// limit is below what the count needs (a container's), the count is what the limit allows, and the row says so.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { SignJWT } from "jose";
import pg from "pg";
import { io } from "socket.io-client";
import { startNginx, templatePath } from "../nginx.mjs";
import {
  api,
  dropRedisKeys,
  freePort,
  freshPostgres,
  percentile,
  plainItem,
  REDIS_URL,
  redisAnswers,
  registerCustomer,
  round,
  sleep,
  startBuiltServer,
} from "./lib.mjs";

const PARTS = (process.env.BENCH_SOCKETS_PARTS || "one-node,two-nodes").split(",");
if (!PARTS.every((part) => part === "one-node" || part === "two-nodes"))
  throw new Error(`BENCH_SOCKETS_PARTS: one-node and/or two-nodes, not ${PARTS.join(",")}`);
const WANTED_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
const WANTED_PER_NODE = Number(process.env.BENCH_SOCKETS_PER_NODE ?? 4_500);
/** Descriptors a process needs besides its sockets (database files, listeners, stdio, the load generator's own). */
const FD_MARGIN = 200;
const [SOFT_FD_LIMIT, HARD_FD_LIMIT] = execFileSync("sh", ["-c", "ulimit -Sn; ulimit -Hn"], {
  encoding: "utf8",
})
  .trim()
  .split("\n")
  .map((value) => (value === "unlimited" ? Number.POSITIVE_INFINITY : Number(value)));
/** This process cannot raise its own soft limit: its sockets fit in it; the server's is raised to the hard one. */
const SOCKETS = Math.min(WANTED_SOCKETS, SOFT_FD_LIMIT - FD_MARGIN, HARD_FD_LIMIT - FD_MARGIN);
const CUSTOMERS = 20;
const ORDERS_PER_CUSTOMER = 3;
const CONNECT_BATCH = 100;
const TARGET = { p50Ms: 50, p99Ms: 50 };
const NEXT = {
  pending: "confirmed",
  pending_payment: "confirmed",
  confirmed: "preparing",
  preparing: "ready",
  ready: "completed",
};

function connect(baseUrl, token, userId) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { token },
      reconnection: false,
      timeout: 180_000,
    });
    const timer = setTimeout(
      () => reject(new Error(`socket for user ${userId} did not join within 180 s`)),
      180_000,
    );
    socket.once("connect_error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once("room-joined", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect", () => socket.emit("join-user-room", { userId }));
  });
}

/** `count` customer accounts that never sign in with a password (its hash matches nothing); their ids. */
async function idleAccounts(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into users (email, password_hash, name)
       select 'idle-' || n || '@foodpark.test', '!', 'Idle Customer' from generate_series(1, $1::int) n
       returning id`,
      [count],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** Tokens for idle accounts, signed with the server's secret as its own are. */
async function idleTokens(secret, ids) {
  const key = new TextEncoder().encode(secret);
  const idle = [];
  for (const id of ids) {
    const token = await new SignJWT({
      email: `idle-${id}@foodpark.test`,
      name: "Idle Customer",
      role: "customer",
    })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime("2h")
      .sign(key);
    idle.push({ token, id });
  }
  return idle;
}

/** The one-node part: SOCKETS sockets on one server, the changes made on it. */
async function oneNode(ctx) {
  const secret = randomBytes(32).toString("base64url");
  const database = await freshPostgres("sockets");
  const server = await startBuiltServer({
    root: ctx.root,
    port: ctx.port(1),
    databaseUrl: database.url,
    // Every socket comes from this one address: the per-address cap (500, against a flood) would refuse the rest.
    env: { JWT_SECRET: secret, SOCKET_MAX_CONNECTIONS_PER_ADDRESS: String(SOCKETS + 100) },
    fdLimit: HARD_FD_LIMIT,
    log: ctx.log,
  });
  const sockets = [];
  try {
    const { baseUrl } = server;
    const { vendorId, itemId } = await plainItem(baseUrl);
    const customers = [];
    for (let index = 0; index < CUSTOMERS; index += 1)
      customers.push(await registerCustomer(baseUrl, "bench-sockets"));
    const staffToken = (
      await api(baseUrl, "/auth/login", {
        body: { email: "staff@foodpark.test", password: "staff-password" },
      })
    ).token;

    const idle = await idleTokens(secret, await idleAccounts(database.url, SOCKETS - CUSTOMERS));
    const connectStarted = performance.now();
    const waiting = new Map();
    for (const customer of customers) {
      const socket = await connect(baseUrl, customer.token, customer.user.id);
      socket.on("order-status-notification", (event) => {
        const key = `${event.orderId}:${event.status}`;
        waiting.get(key)?.(performance.now());
        waiting.delete(key);
      });
      sockets.push(socket);
    }
    for (let start = 0; start < idle.length; start += CONNECT_BATCH) {
      sockets.push(
        ...(await Promise.all(
          idle
            .slice(start, start + CONNECT_BATCH)
            .map(({ token, id }) => connect(baseUrl, token, id)),
        )),
      );
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    ctx.log(
      `${sockets.length} sockets connected and in their rooms in ${connectSeconds.toFixed(1)} s`,
    );

    const orders = [];
    for (const customer of customers) {
      for (let index = 0; index < ORDERS_PER_CUSTOMER; index += 1) {
        await api(baseUrl, "/api/cart/add", {
          token: customer.token,
          body: { itemId, vendorId, quantity: 1 },
        });
        const placed = await api(baseUrl, "/api/orders", {
          token: customer.token,
          headers: { "idempotency-key": `bench-${randomUUID()}` },
          body: { vendorId, orderType: "takeaway", items: [], paymentMethod: "cash_at_counter" },
        });
        orders.push({ id: placed.id, status: placed.status });
      }
    }
    await sleep(1000);

    const latencies = [];
    let missed = 0;
    for (const order of orders) {
      for (let next = NEXT[order.status]; next; next = NEXT[next]) {
        const arrived = new Promise((resolve) => {
          waiting.set(`${order.id}:${next}`, resolve);
          setTimeout(() => resolve(null), 5_000);
        });
        const t0 = performance.now();
        await api(baseUrl, `/api/staff/orders/${order.id}`, {
          method: "PATCH",
          token: staffToken,
          body: { status: next },
        });
        const at = await arrived;
        if (at === null) missed += 1;
        else latencies.push(at - t0);
      }
    }
    const stillConnected = sockets.filter((socket) => socket.connected).length;
    const result = {
      sockets: sockets.length,
      stillConnected,
      connectSeconds: round(connectSeconds, 1),
      changes: latencies.length + missed,
      missed,
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(Math.max(...latencies)),
    };
    const ok = (pass) => (pass ? "met" : "MISSED");
    return {
      rows: [
        {
          metric: "sockets connected (and still at the end)",
          value: `${result.sockets} (${result.stillConnected})`,
          unit: "",
          target: String(WANTED_SOCKETS),
          note: `connected in ${result.connectSeconds} s from one address (its cap raised to ${SOCKETS + 100}); file descriptors: soft ${SOFT_FD_LIMIT}, hard ${HARD_FD_LIMIT} (server's soft limit raised to the hard one)${SOCKETS < WANTED_SOCKETS ? `; the hard limit allows ${SOCKETS}` : ""}`,
        },
        {
          metric: "status change → customer event p50",
          value: result.p50Ms,
          unit: "ms",
          target: `≤ ${TARGET.p50Ms} ms`,
          note: `${ok(result.p50Ms <= TARGET.p50Ms)}; ${result.changes} changes, ${result.missed} missed`,
        },
        {
          metric: "status change → customer event p99",
          value: result.p99Ms,
          unit: "ms",
          target: `≤ ${TARGET.p99Ms} ms`,
          note: `${ok(result.p99Ms <= TARGET.p99Ms)}; max ${result.maxMs} ms`,
        },
      ],
      json: {
        targets: TARGET,
        fdLimits: { soft: SOFT_FD_LIMIT, hard: HARD_FD_LIMIT },
        wantedSockets: WANTED_SOCKETS,
        result,
        note: "from the staff PATCH being sent to the customer's order-status-notification, staff changes one at a time",
      },
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
    await database.drop();
  }
}

const NODES = 2;
/** Descriptors an nginx worker needs besides the sockets' (listeners, keep-alive connections to the nodes, logs). */
const NGINX_FD_MARGIN = 100;
const TWO_NODE_TARGET = { p99Ms: 50, missed: 0 };

/** A number the template sets (`worker_connections`, `worker_rlimit_nofile`), or `fallback` where it does not. */
function templateSetting(name, fallback) {
  const match = new RegExp(`^\\s*${name} (\\d+);`, "m").exec(fs.readFileSync(templatePath, "utf8"));
  return match ? Number(match[1]) : fallback;
}

/** Each nginx worker's soft limit on open files, once the workers run ([] where /proc does not tell). */
async function nginxWorkerLimits(nginx) {
  for (let tries = 0; tries < 50; tries += 1) {
    const limits = nginx.workerFileLimits();
    if (limits.length > 0) return limits;
    await sleep(100);
  }
  return [];
}

/** Sockets open on a node: its own count (`foodpark_sockets_connected` on its /metrics). */
async function socketsOn(node, metricsToken) {
  const response = await fetch(`${node.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const value = /^foodpark_sockets_connected (\d+)/m.exec(await response.text())?.[1];
  if (value === undefined)
    throw new Error(`${node.baseUrl}/metrics has no foodpark_sockets_connected`);
  return Number(value);
}

/**
 * The node (index into `nodes`) holding a socket that connected through nginx: the one that knows its engine.io
 * session. Asked about it over polling, the owner of a websocket session answers "Bad request" (code 3: another
 * transport) and a node that does not know it "Session ID unknown" (code 1).
 */
async function nodeOf(socket, nodes) {
  const sid = socket.io.engine.id;
  const codes = await Promise.all(
    nodes.map(async (node) => {
      const response = await fetch(
        `${node.baseUrl}/socket.io/?EIO=4&transport=polling&sid=${encodeURIComponent(sid)}`,
      );
      return (await response.json().catch(() => ({}))).code;
    }),
  );
  const owners = codes.flatMap((code, index) => (code === 3 ? [index] : []));
  if (owners.length !== 1 || codes.some((code) => code !== 1 && code !== 3))
    throw new Error(`socket session ${sid}: the nodes answered codes ${JSON.stringify(codes)}`);
  return owners[0];
}

/**
 * Connects `accounts` through nginx until each node holds `perNode` of them. Each socket lands where nginx's hash
 * of a fresh key sends it (a phone's first visit carries no affinity cookie yet); one that lands on a node already
 * full is closed and its account connects again. Answers the sockets with their node, and the connections made.
 */
async function connectSpread(balancerUrl, nodes, accounts, perNode) {
  if (accounts.length !== perNode * nodes.length)
    throw new Error(`${accounts.length} accounts for ${nodes.length} × ${perNode} sockets`);
  const placed = [];
  const held = nodes.map(() => 0);
  const queue = accounts.slice();
  let connects = 0;
  while (queue.length > 0) {
    if (connects > accounts.length * 4)
      throw new Error(`nginx sent too few sockets to one node: ${held.join(" / ")}`);
    const batch = queue.splice(0, CONNECT_BATCH);
    connects += batch.length;
    const landed = await Promise.all(
      batch.map(async (account) => {
        const socket = await connect(balancerUrl, account.token, account.id);
        return { socket, account, node: await nodeOf(socket, nodes) };
      }),
    );
    for (const entry of landed) {
      if (held[entry.node] < perNode) {
        held[entry.node] += 1;
        placed.push(entry);
      } else {
        entry.socket.disconnect();
        queue.push(entry.account);
      }
    }
  }
  return { placed, connects };
}

/**
 * The two-node part: two nodes on one PostgreSQL database and one Redis behind nginx running the template,
 * `perNode` customer sockets on each through nginx, and every status change sent straight to the node (its own
 * port) that does not hold the customer's socket, so the event has to cross nodes through Redis.
 */
async function twoNodes(ctx) {
  if (!(await redisAnswers())) {
    const note = `skipped: needs Redis at ${REDIS_URL} (BENCH_REDIS_URL)`;
    return {
      rows: [{ metric: "two nodes", value: "—", unit: "", target: "", note }],
      json: { skipped: note },
    };
  }
  const secret = randomBytes(32).toString("base64url");
  const metricsToken = randomBytes(24).toString("base64url");
  const redisPrefix = `foodpark-bench:${randomBytes(4).toString("hex")}:`;
  // Ports asked for now, not when the section started: the one-node part's thousands of client sockets took
  // ephemeral ports from the same range meanwhile (one was the port reserved for a node here).
  const ports = [await freePort(), await freePort()];
  const nodes = [];
  const sockets = [];
  let database;
  let nginx;
  try {
    // nginx first: how many sockets fit depends on the file limit its workers got.
    nginx = await startNginx({
      port: await freePort(),
      backends: ports.map((port) => ({ host: "127.0.0.1", port })),
    });
    const workerLimits = await nginxWorkerLimits(nginx);
    const workerConnections = templateSetting("worker_connections", 512); // 512: nginx's default
    const workerRlimit = templateSetting("worker_rlimit_nofile", null);
    // One worker may be handed every socket (two connections each): its limit must hold them all.
    const nginxCapacity = Math.min(...workerLimits, workerConnections) - NGINX_FD_MARGIN;
    const limits = {
      "this process's soft limit": Math.floor((SOFT_FD_LIMIT - FD_MARGIN) / NODES),
      "an nginx worker's limit": Math.floor(nginxCapacity / (2 * NODES)),
      "a node's hard limit": HARD_FD_LIMIT - FD_MARGIN,
    };
    const perNode = Math.min(WANTED_PER_NODE, ...Object.values(limits));
    const limitedBy = Object.entries(limits).find(([, value]) => value === perNode)?.[0];
    ctx.log(
      `two nodes: ${perNode} sockets per node (asked ${WANTED_PER_NODE}); nginx workers' open-file limits ${workerLimits.join(", ") || "unknown"}, worker_connections ${workerConnections}`,
    );

    database = await freshPostgres("sockets_two_nodes");
    // One after the other: the first migrates and seeds.
    for (const port of ports)
      nodes.push(
        await startBuiltServer({
          root: ctx.root,
          port,
          databaseUrl: database.url,
          env: {
            JWT_SECRET: secret,
            REDIS_URL,
            REDIS_KEY_PREFIX: redisPrefix,
            METRICS_TOKEN: metricsToken,
            // Behind one balancer, as docs/deploy.md sets it; every socket still comes from this one address.
            TRUST_PROXY_HOPS: "1",
            SOCKET_MAX_CONNECTIONS_PER_ADDRESS: String(NODES * perNode + CONNECT_BATCH + 100),
          },
          fdLimit: HARD_FD_LIMIT,
          log: ctx.log,
        }),
      );
    const balancerUrl = nginx.baseUrl;
    const { vendorId, itemId } = await plainItem(balancerUrl);
    const customers = [];
    for (let index = 0; index < CUSTOMERS; index += 1)
      customers.push(await registerCustomer(balancerUrl, "bench-sockets-two"));
    const staffToken = (
      await api(nodes[0].baseUrl, "/auth/login", {
        body: { email: "staff@foodpark.test", password: "staff-password" },
      })
    ).token;
    const idle = await idleTokens(
      secret,
      await idleAccounts(database.url, NODES * perNode - CUSTOMERS),
    );

    const connectStarted = performance.now();
    // The customers who own orders: half on each node, so changes cross both ways.
    const owners = await connectSpread(
      balancerUrl,
      nodes,
      customers.map((customer) => ({ token: customer.token, id: customer.user.id, customer })),
      CUSTOMERS / NODES,
    );
    const waiting = new Map();
    for (const { socket } of owners.placed) {
      sockets.push(socket);
      socket.on("order-status-notification", (event) => {
        const key = `${event.orderId}:${event.status}`;
        waiting.get(key)?.(performance.now());
        waiting.delete(key);
      });
    }
    const others = await connectSpread(balancerUrl, nodes, idle, perNode - CUSTOMERS / NODES);
    sockets.push(...others.placed.map(({ socket }) => socket));
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const connects = owners.connects + others.connects;
    const counted = await Promise.all(nodes.map((node) => socketsOn(node, metricsToken)));
    ctx.log(
      `two nodes: ${sockets.length} sockets through nginx in ${connectSeconds.toFixed(1)} s (${connects} connections made); the nodes count ${counted.join(" + ")}`,
    );

    const orders = [];
    for (const { account, node } of owners.placed) {
      for (let index = 0; index < ORDERS_PER_CUSTOMER; index += 1) {
        await api(balancerUrl, "/api/cart/add", {
          token: account.token,
          body: { itemId, vendorId, quantity: 1 },
        });
        const placed = await api(balancerUrl, "/api/orders", {
          token: account.token,
          headers: { "idempotency-key": `bench-${randomUUID()}` },
          body: { vendorId, orderType: "takeaway", items: [], paymentMethod: "cash_at_counter" },
        });
        orders.push({ id: placed.id, status: placed.status, socketNode: node });
      }
    }
    await sleep(1000);

    const latencies = [];
    let missed = 0;
    /** Changes made on node i for a customer on the other node. */
    const madeOn = nodes.map(() => 0);
    for (const order of orders) {
      const other = (order.socketNode + 1) % NODES;
      for (let next = NEXT[order.status]; next; next = NEXT[next]) {
        const arrived = new Promise((resolve) => {
          waiting.set(`${order.id}:${next}`, resolve);
          setTimeout(() => resolve(null), 5_000);
        });
        const t0 = performance.now();
        await api(nodes[other].baseUrl, `/api/staff/orders/${order.id}`, {
          method: "PATCH",
          token: staffToken,
          body: { status: next },
        });
        madeOn[other] += 1;
        const at = await arrived;
        if (at === null) missed += 1;
        else latencies.push(at - t0);
      }
    }
    const stillConnected = sockets.filter((socket) => socket.connected).length;
    const perNodeHeld = nodes.map(
      (_node, index) =>
        owners.placed.filter((entry) => entry.node === index).length +
        others.placed.filter((entry) => entry.node === index).length,
    );
    const result = {
      perNode: perNodeHeld,
      countedByNodes: counted,
      stillConnected,
      connects,
      connectSeconds: round(connectSeconds, 1),
      changes: latencies.length + missed,
      madeOn,
      missed,
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(Math.max(...latencies)),
    };
    const ok = (pass) => (pass ? "met" : "MISSED");
    const needed = 2 * NODES * WANTED_PER_NODE + NGINX_FD_MARGIN;
    const workerLimit = workerLimits.length > 0 ? Math.min(...workerLimits) : "?";
    return {
      rows: [
        {
          metric: "two nodes: sockets through nginx per node (still at the end)",
          value: `${perNodeHeld.join(" + ")} (${stillConnected})`,
          unit: "",
          target: `${WANTED_PER_NODE} each`,
          note:
            `the nodes' own counts ${counted.join(" + ")}; connected in ${result.connectSeconds} s; each socket lands ` +
            `by nginx's hash of a fresh key (a phone's first visit), its node read from its engine.io session; ` +
            `${connects} connections for ${sockets.length} (one landing on a full node is closed and made again)` +
            (perNode < WANTED_PER_NODE ? `; ${limitedBy} allows only ${perNode} per node` : ""),
        },
        {
          metric: "two nodes: an nginx worker's open-file limit",
          value: workerLimit,
          unit: "files",
          target: `≥ ${needed} (2 per socket, one worker may hold all)`,
          note:
            `${workerLimits.length > 0 ? ok(workerLimit >= needed) : "unknown (no /proc)"}; ` +
            `the template: worker_rlimit_nofile ${workerRlimit ?? "unset"}, worker_connections ${workerConnections}; ` +
            `nginx, the nodes and this process may open ${HARD_FD_LIMIT} here (hard limit; this process's soft ` +
            `${SOFT_FD_LIMIT}), nginx raises its workers further only with CAP_SYS_RESOURCE`,
        },
        {
          metric: "two nodes: change on the other node → customer event p50",
          value: result.p50Ms,
          unit: "ms",
          target: "",
          note: `${result.changes} changes sent to the node without the customer's socket (${madeOn.map((count, index) => `${count} on node ${index + 1}`).join(", ")})`,
        },
        {
          metric: "two nodes: change on the other node → customer event p99",
          value: result.p99Ms,
          unit: "ms",
          target: `≤ ${TWO_NODE_TARGET.p99Ms} ms`,
          note: `${ok(result.p99Ms <= TWO_NODE_TARGET.p99Ms)}; max ${result.maxMs} ms`,
        },
        {
          metric: "two nodes: events missed (none within 5 s)",
          value: missed,
          unit: "",
          target: String(TWO_NODE_TARGET.missed),
          note: `${ok(missed <= TWO_NODE_TARGET.missed)}; of ${result.changes}`,
        },
      ],
      json: {
        targets: TWO_NODE_TARGET,
        wantedPerNode: WANTED_PER_NODE,
        limits: {
          ...limits,
          nginxWorkerFileLimits: workerLimits,
          workerConnections,
          workerRlimit,
          soft: SOFT_FD_LIMIT,
          hard: HARD_FD_LIMIT,
        },
        result,
        note: "customer sockets through nginx (websocket); each change sent to the other node's own port, timed from the PATCH being sent to the customer's order-status-notification, one at a time",
      },
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await nginx?.close();
    await Promise.all(nodes.map((node) => node.stop()));
    await database?.drop();
    await dropRedisKeys(redisPrefix).catch(() => {});
  }
}

export default {
  name: "sockets",
  title: `Staff status change to the customer's socket: one node with ${SOCKETS} sockets, then two nodes behind nginx with ${WANTED_PER_NODE} each`,
  async run(ctx) {
    const rows = [];
    let json = {};
    if (PARTS.includes("one-node")) {
      const one = await oneNode(ctx);
      rows.push(...one.rows);
      json = { ...one.json };
    }
    if (PARTS.includes("two-nodes")) {
      const two = await twoNodes(ctx);
      rows.push(...two.rows);
      json.twoNodes = two.json;
    }
    return { rows, json };
  },
};
