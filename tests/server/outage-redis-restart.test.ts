/**
 * A node restarted while Redis is away: two nodes, the customer's socket on node a; Redis stops; a restarts and the
 * socket reconnects to it; statuses change through node b (held in b's outbox); Redis returns. Every update reaches
 * the customer on the restarted node: it reads the relay stream from its own start, not from the stream's end when
 * it first gets through (b may have flushed by then). Repeated, as the loss was a race. Redis is a redis-server of
 * the test's own.
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
} from "./helpers/test-server";

const REDIS_PORT = Number(process.env.OUTAGE_RESTART_REDIS_PORT ?? 4512);
const TRIALS = 10;
const UPDATES = 10;

function once<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe("a node restarted while Redis is away", () => {
  let redis: RedisProcess;
  let database: TestDatabase;
  let nodeA: TestServer;
  let nodeB: TestServer;
  const sockets: Socket[] = [];
  const prefix = randomRedisPrefix();
  const jwtSecret = randomBytes(32).toString("base64url");

  const startNode = async () =>
    startTestServer({
      database: { ...database, db: await database.connectAgain() },
      // One park: every node signs and checks tokens with the same secret.
      config: { redisUrl: redis.url, redisKeyPrefix: prefix, jwtSecret },
    });

  beforeAll(async () => {
    redis = await startRedisProcess(REDIS_PORT);
    database = await createTestDatabase("postgres");
    nodeA = await startNode();
    nodeB = await startNode();
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([nodeA, nodeB].map((node) => node?.close()));
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

  it(`loses none of ${UPDATES} updates in ${TRIALS} trials`, async () => {
    const staffToken = await nodeB.login("staff@foodpark.test", "staff-password");
    const lost: number[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const customer = await nodeB.registerCustomer();
      const orders = await Promise.all(
        Array.from({ length: UPDATES }, () =>
          createOrderFixture(database.db, { userId: customer.user.id, status: "pending" }),
        ),
      );
      // Before the outage the customer follows the orders on node a.
      const before = await customerSocket(nodeA, customer);

      await redis.kill();
      before.disconnect();
      await nodeA.close();
      nodeA = await startNode();
      const socket = await customerSocket(nodeA, customer);
      const heard = new Set<number>();
      socket.on(SOCKET_EVENTS.orderStatusNotification, (status: OrderStatusNotification) =>
        heard.add(status.orderId),
      );

      for (const order of orders) {
        const changed = await nodeB.request(`/api/staff/orders/${order.id}`, {
          method: "PATCH",
          body: { status: "confirmed" },
          token: staffToken,
        });
        expect(changed.status, changed.text).toBe(200);
      }

      await redis.start();
      await expect
        .poll(() => heard.size, { timeout: 5000, interval: 50 })
        .toBe(UPDATES)
        .catch(() => undefined);
      lost.push(UPDATES - heard.size);
      socket.disconnect();
    }
    console.info(`updates lost per trial: ${lost.join(", ")}`);
    expect(lost).toEqual(Array(TRIALS).fill(0));
  }, 300_000);
});
