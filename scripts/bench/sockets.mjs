// 20,000 connected customer sockets (socket.io-client, websocket): staff move orders along and each change is
// timed from the staff PATCH leaving to the owning customer's `order-status-notification` arriving.
// 20 real customers own the orders; the other sockets are signed-in customers with no orders, connected and in
// their rooms the whole time. Sockets sign in as the account is now, so those are real accounts too: written to the
// server's database in one statement (on a fresh PostgreSQL database: registering thousands through the API would
// spend minutes hashing passwords), with tokens signed with the server's JWT_SECRET as its own tokens are.
// Each socket is a file descriptor in this process and one in the server's: the server is started with its soft
// limit raised to the hard limit (`ulimit -n`), and where the hard limit is below what the count needs (a
// container's), the count is what the limit allows, and the row says so.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import pg from "pg";
import { io } from "socket.io-client";
import {
  api,
  freshPostgres,
  percentile,
  plainItem,
  registerCustomer,
  round,
  sleep,
  startBuiltServer,
} from "./lib.mjs";

const WANTED_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
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

export default {
  name: "sockets",
  title: `Staff status change to the customer's socket, ${SOCKETS} sockets connected`,
  async run(ctx) {
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

      const key = new TextEncoder().encode(secret);
      const idle = [];
      for (const id of await idleAccounts(database.url, SOCKETS - CUSTOMERS)) {
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
  },
};
