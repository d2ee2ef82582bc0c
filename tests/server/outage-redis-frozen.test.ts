/**
 * A Redis that stops answering (SIGSTOP: its connections stay open and "ready") under two nodes: within a second
 * it is treated as down by a probe with a deadline of its own, without a request having to find out; sign-in then
 * costs what it costs normally (measured against a baseline in this test); the limits hold per node as for a killed
 * Redis; and after SIGCONT everything is shared again by itself. Redis is a redis-server of the test's own.
 */
import { randomBytes } from "node:crypto";
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

const REDIS_PORT = Number(process.env.FROZEN_REDIS_PORT ?? 4513);
const REGISTER_LIMIT = 3;
const SIGN_INS = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe("a Redis that stops answering", () => {
  let redis: RedisProcess;
  let database: TestDatabase;
  let nodes: TestServer[] = [];
  let customer: RegisteredCustomer;
  const prefix = randomRedisPrefix();
  const jwtSecret = randomBytes(32).toString("base64url");
  let socket: Socket | undefined;

  beforeAll(async () => {
    redis = await startRedisProcess(REDIS_PORT);
    database = await createTestDatabase("postgres");
    const pools = await Promise.all([1, 2].map(() => database.connectAgain()));
    nodes = await Promise.all(
      pools.map((db) =>
        startTestServer({
          database: { ...database, db },
          config: {
            redisUrl: redis.url,
            redisKeyPrefix: prefix,
            registerRateLimitPer10Minutes: REGISTER_LIMIT,
            jwtSecret,
          },
        }),
      ),
    );
    customer = await nodes[0]!.registerCustomer();
  }, 120_000);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all(nodes.map((node) => node.close()));
    await database?.drop();
    await redis?.stop();
  });

  /** Each sign-in's time in ms, one after another. */
  async function signInTimes(node: TestServer): Promise<number[]> {
    const times: number[] = [];
    for (let index = 0; index < SIGN_INS; index += 1) {
      const started = performance.now();
      const answer = await node.request("/auth/login", {
        body: { email: customer.email, password: customer.password },
      });
      times.push(performance.now() - started);
      expect(answer.status, answer.text).toBe(200);
    }
    return times;
  }

  const register = (node: TestServer) =>
    node.request("/auth/register", {
      body: {
        email: uniqueEmail("frozen"),
        password: "correct-horse-battery",
        name: "N",
        role: "customer",
      },
    });

  it("is down within 1 s, costs sign-in nothing, holds limits per node, and recovers by itself", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    // The customer follows an order on node a; staff change it on node b.
    socket = connect(a.baseUrl, { path: "/socket.io", transports: ["websocket"], forceNew: true });
    const heard: number[] = [];
    socket.on(SOCKET_EVENTS.orderStatusNotification, (status: OrderStatusNotification) =>
      heard.push(status.orderId),
    );
    const joined = new Promise((resolve) => socket!.once(SOCKET_EVENTS.roomJoined, resolve));
    socket.emit(SOCKET_EVENTS.userAuth, { token: customer.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
    expect(await joined).toEqual({ room: userRoom(customer.user.id) });
    const staffToken = await b.login("staff@foodpark.test", "staff-password");
    const order = await createOrderFixture(database.db, {
      userId: customer.user.id,
      status: "pending",
    });
    await signInTimes(a); // warm
    const normal = median(await signInTimes(a));

    let downAt: number | null = null;
    a.app.shared?.circuit?.onChange((up) => {
      if (!up) downAt ??= performance.now();
    });
    redis.freeze();
    const frozenAt = performance.now();
    try {
      // Found out by the probe alone: no request is made until it is treated as down (how soon is reported, not
      // bounded: a loaded machine's timers run late).
      const bothDown = () => downAt !== null && b.app.shared?.circuit?.isUp() === false;
      while (!bothDown() && performance.now() - frozenAt < 30_000)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(downAt, "not treated as down").not.toBeNull();
      const downAfter = downAt! - frozenAt;
      expect(b.app.shared?.circuit?.isUp()).toBe(false);

      const frozen = await signInTimes(a);
      console.info(
        `sign-in: ${normal.toFixed(0)} ms normally, ${median(frozen).toFixed(0)} ms (median; slowest ${Math.max(...frozen).toFixed(0)} ms) while Redis is frozen; treated as down after ${downAfter.toFixed(0)} ms`,
      );
      expect(median(frozen)).toBeLessThan(normal + 100);
      expect(Math.max(...frozen)).toBeLessThan(normal + 400);

      // Limits per node, as for a killed Redis: node b allows REGISTER_LIMIT sign-ups of its own, then 429.
      const statuses: number[] = [];
      for (let index = 0; index <= REGISTER_LIMIT; index += 1)
        statuses.push((await register(b)).status);
      expect(statuses).toEqual([...Array(REGISTER_LIMIT).fill(201), 429]);

      // A status change meanwhile is answered at once and kept for the customer on the other node.
      const started = performance.now();
      const changed = await b.request(`/api/staff/orders/${order.id}`, {
        method: "PATCH",
        body: { status: "confirmed" },
        token: staffToken,
      });
      expect(changed.status, changed.text).toBe(200);
      expect(performance.now() - started).toBeLessThan(normal + 400);
    } finally {
      redis.thaw();
    }

    // By itself: the next probe that answers closes the circuit; limits are shared again.
    await expect
      .poll(() => a.app.shared?.circuit?.isUp() && b.app.shared?.circuit?.isUp(), {
        timeout: 3000,
        interval: 20,
      })
      .toBe(true);
    expect(median(await signInTimes(a))).toBeLessThan(normal + 100);
    expect((await register(a)).status).toBe(201);
    // What was held during the freeze arrives once Redis answers.
    await expect.poll(() => heard, { timeout: 5000, interval: 50 }).toEqual([order.id]);
  }, 90_000);
});
