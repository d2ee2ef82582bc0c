/**
 * Redis goes away under two nodes and comes back: no request waits on it, limits hold per node meanwhile, a node
 * can start without it, and every status update made during the outage reaches the customer's open socket
 * within 5 s of Redis returning. Redis here is a redis-server of the test's own (killed with -9, started again
 * empty), never the machine's.
 */
import type { OrderStatusNotification } from "@contract/orders";
import { SOCKET_EVENTS, userRoom } from "@contract/realtime";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderFixture } from "./helpers/order-fixtures";
import { randomRedisPrefix } from "./helpers/redis";
import { type RedisProcess, startRedisProcess } from "./helpers/redis-process";
import {
  createTestDatabase,
  type RegisteredCustomer,
  startTestServer,
  type TestDatabase,
  type TestServer,
  uniqueEmail,
} from "./helpers/test-server";

const REDIS_PORT = Number(process.env.OUTAGE_REDIS_PORT ?? 4510);
const REGISTER_LIMIT = 3;

function once<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe("Redis killed and restarted under two nodes", () => {
  let redis: RedisProcess;
  let database: TestDatabase;
  let nodes: TestServer[] = [];
  const sockets: Socket[] = [];
  const prefix = randomRedisPrefix();
  const nodeConfig = () => ({
    redisUrl: redis.url,
    redisKeyPrefix: prefix,
    registerRateLimitPer10Minutes: REGISTER_LIMIT,
  });

  beforeAll(async () => {
    redis = await startRedisProcess(REDIS_PORT);
    database = await createTestDatabase("postgres");
    const pools = await Promise.all([1, 2].map(() => database.connectAgain()));
    nodes = await Promise.all(
      pools.map((db) => startTestServer({ database: { ...database, db }, config: nodeConfig() })),
    );
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.close()));
    await database?.drop();
    await redis?.stop();
  });

  async function customerSocket(node: TestServer, customer: RegisteredCustomer) {
    const socket = connect(node.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await once(socket, "connect");
    const joined = once(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.userAuth, { token: customer.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
    expect(await joined).toEqual({ room: userRoom(customer.user.id) });
    return socket;
  }

  it("keeps serving without waiting, limits per node, and delivers every update made meanwhile within 5 s of Redis returning", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const customer = await a.registerCustomer();
    const socket = await customerSocket(a, customer);
    const heard: { status: OrderStatusNotification; at: number }[] = [];
    socket.on(SOCKET_EVENTS.orderStatusNotification, (status: OrderStatusNotification) =>
      heard.push({ status, at: Date.now() }),
    );
    const staffToken = await b.login("staff@foodpark.test", "staff-password");
    const orders = await Promise.all(
      Array.from({ length: 16 }, () =>
        createOrderFixture(database.db, { userId: customer.user.id, status: "pending" }),
      ),
    );

    const first = await b.request(`/api/staff/orders/${orders[0]!.id}`, {
      method: "PATCH",
      body: { status: "confirmed" },
      token: staffToken,
    });
    expect(first.status).toBe(200);
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);

    await redis.kill();

    // No request waits on Redis: sign-in and sign-up on both nodes answer about as fast as without it.
    for (const node of [a, b]) {
      const [login, loginMs] = await timed(() =>
        node.request("/auth/login", {
          body: { email: customer.email, password: customer.password },
        }),
      );
      expect(login.status, login.text).toBe(200);
      expect(loginMs).toBeLessThan(1000);
    }
    // The route limits hold per node meanwhile: node b allows REGISTER_LIMIT sign-ups, then 429.
    const signUps: number[] = [];
    for (let i = 0; i <= REGISTER_LIMIT; i += 1) {
      const [response, ms] = await timed(() =>
        b.request("/auth/register", {
          body: {
            email: uniqueEmail("outage"),
            password: "correct-horse-battery",
            name: "N",
            role: "customer",
          },
        }),
      );
      expect(ms).toBeLessThan(1000);
      signUps.push(response.status);
    }
    expect(signUps).toEqual([...Array(REGISTER_LIMIT).fill(201), 429]);

    // Status changes made on node b while Redis is away; the customer's socket is on node a.
    for (const order of orders.slice(1)) {
      const [changed, ms] = await timed(() =>
        b.request(`/api/staff/orders/${order.id}`, {
          method: "PATCH",
          body: { status: "confirmed" },
          token: staffToken,
        }),
      );
      expect(changed.status, changed.text).toBe(200);
      expect(ms).toBeLessThan(1000);
    }

    // A node started while Redis is down still serves.
    const pool = await database.connectAgain();
    const [late, startMs] = await timed(() =>
      startTestServer({ database: { ...database, db: pool }, config: nodeConfig() }),
    );
    nodes.push(late);
    expect(startMs).toBeLessThan(10_000);
    expect((await late.request("/api/vendors/list")).status).toBe(200);
    expect(
      (
        await late.request("/auth/login", {
          body: { email: customer.email, password: customer.password },
        })
      ).status,
    ).toBe(200);

    await redis.start();
    const back = Date.now();
    await expect.poll(() => heard.length, { timeout: 5000, interval: 50 }).toBe(orders.length);
    const lastArrival = Math.max(...heard.map((entry) => entry.at)) - back;
    expect(lastArrival).toBeLessThanOrEqual(5000);
    expect(heard.map((entry) => entry.status.orderId).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );
    console.info(
      `${orders.length - 1} updates made during the Redis outage: the last arrived ${lastArrival} ms after Redis returned`,
    );

    // After the outage the shared limits work again (counted in the fresh Redis).
    const after = await a.request("/auth/register", {
      body: {
        email: uniqueEmail("outage"),
        password: "correct-horse-battery",
        name: "N",
        role: "customer",
      },
    });
    expect(after.status).toBe(201);
  }, 90_000);
});
